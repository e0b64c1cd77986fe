import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { ApiError } from '../../../core/api/client';
import type { Semester, TeacherItem } from '../../../core/api/contracts/classes';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { validFields } from '../../../views/common/valid-fields';
import { AccessibleTabs } from '../../../views/common/AccessibleTabs';

type Dialog = { kind: 'campus'; id?: number; name?: string } | { kind: 'semester'; row?: Semester } | { kind: 'teacher'; row?: TeacherItem } | null;

/** /teachingAdmin/foundation: the headmaster keeps campuses, semesters, grades and teachers. */
export default function FoundationPage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const { classes } = useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const campuses = useAsync(() => classes.campuses(), [classes]);
  const semesters = useAsync(() => classes.semesters(), [classes]);
  const grades = useAsync(() => classes.listGrade(), [classes]);
  const teachers = useAsync(() => classes.teachers({ all: 1 }), [classes]);
  const roles = useAsync(() => classes.roles(), [classes]);

  const open = (d: NonNullable<Dialog>, values: object = {}) => {
    form.resetFields();
    form.setFieldsValue(values);
    setDialog(d);
  };
  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    try {
      if (dialog?.kind === 'campus') {
        if (dialog.id) await classes.updateCampus(dialog.id, v.name);
        else await classes.addCampus(v.name);
        await campuses.reload();
      } else if (dialog?.kind === 'semester') {
        const body = { year: v.year, term: v.term, startDate: v.startDate, endDate: v.endDate, isCurrent: Boolean(v.isCurrent) };
        if (dialog.row) await classes.updateSemester({ ...body, id: dialog.row.id });
        else await classes.addSemester(body);
        await semesters.reload();
      } else if (dialog?.kind === 'teacher') {
        if (dialog.row) await classes.updateTeacher({ id: dialog.row.id, realname: v.realname, campusId: v.campusId ?? null });
        else {
          const created = await classes.addTeacher({ username: v.username, realname: v.realname, phone: v.phone, campusId: v.campusId, roleId: v.roleId });
          modal.success({ title: t('teaching.saved'), content: <Typography.Text copyable>{`${created.teacher.username} / ${created.initialPassword}`}</Typography.Text> });
        }
        await teachers.reload();
      }
      setDialog(null);
      void message.success(t('teaching.saved'));
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };

  return (
    <Card data-testid="foundation-page">
      <AccessibleTabs
        items={[
          {
            key: 'campuses',
            label: t('foundation.campuses'),
            children: (
              <>
                <Button type="primary" onClick={() => open({ kind: 'campus' })} style={{ marginBottom: 12 }}>{t('teaching.add')}</Button>
                <Table rowKey="id" loading={campuses.loading} dataSource={campuses.data ?? []} pagination={false}
                  columns={[
                    { title: t('foundation.name'), dataIndex: 'name' },
                    { title: t('class.list'), dataIndex: 'classCount' },
                    { title: t('teaching.actions'), render: (_, c) => <Space><Button size="small" onClick={() => open({ kind: 'campus', id: c.id }, { name: c.name })}>{t('teaching.edit')}</Button><Button size="small" danger disabled={c.classCount > 0} onClick={async () => { await classes.removeCampus(c.id); await campuses.reload(); }}>{t('teaching.delete')}</Button></Space> },
                  ]} />
              </>
            ),
          },
          {
            key: 'semesters',
            label: t('foundation.semesters'),
            children: (
              <>
                <Button type="primary" onClick={() => open({ kind: 'semester' }, { year: new Date().getFullYear(), term: 1 })} style={{ marginBottom: 12 }}>{t('teaching.add')}</Button>
                <Table rowKey="id" loading={semesters.loading} dataSource={semesters.data ?? []} pagination={false}
                  columns={[
                    { title: t('foundation.name'), dataIndex: 'name', render: (n: string, s) => <Space>{n}{s.isCurrent && <Tag color="red">{t('foundation.current')}</Tag>}</Space> },
                    { title: 'ID', dataIndex: 'semesterId' },
                    { title: t('foundation.year'), render: (_, s) => `${s.startDate} ~ ${s.endDate}` },
                    { title: t('teaching.actions'), render: (_, s) => <Button size="small" onClick={() => open({ kind: 'semester', row: s }, s)}>{t('teaching.edit')}</Button> },
                  ]} />
              </>
            ),
          },
          {
            key: 'grades',
            label: t('foundation.grades'),
            children: <Table rowKey="value" loading={grades.loading} dataSource={grades.data ?? []} pagination={false} columns={[{ title: t('teaching.grade'), dataIndex: 'label' }, { title: t('class.list'), dataIndex: 'classCount' }]} />,
          },
          {
            key: 'teachers',
            label: t('foundation.teachers'),
            children: (
              <>
                <Button type="primary" onClick={() => open({ kind: 'teacher' }, { roleId: 2 })} style={{ marginBottom: 12 }}>{t('teaching.add')}</Button>
                <Table rowKey="id" loading={teachers.loading} dataSource={teachers.data ?? []} scroll={{ x: 720 }}
                  columns={[
                    { title: t('student.name'), dataIndex: 'name' },
                    { title: t('foundation.username'), dataIndex: 'username' },
                    { title: t('foundation.phone'), dataIndex: 'phone' },
                    { title: t('foundation.role'), dataIndex: 'roleName' },
                    { title: t('teaching.campus'), dataIndex: 'campusName' },
                    { title: t('class.list'), dataIndex: 'classCount' },
                    { title: t('teaching.actions'), render: (_, x) => <Button size="small" onClick={() => open({ kind: 'teacher', row: x }, { realname: x.name, campusId: x.campusId ?? undefined })}>{t('teaching.edit')}</Button> },
                  ]} />
              </>
            ),
          },
        ]}
      />
      <Modal open={dialog !== null} title={t('teaching.edit')} onCancel={() => setDialog(null)} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
        <Form form={form} layout="vertical">
          {dialog?.kind === 'campus' && (
            <Form.Item name="name" label={t('foundation.name')} rules={[{ required: true, whitespace: true, message: t('class.form.campus') }]}><Input maxLength={50} /></Form.Item>
          )}
          {dialog?.kind === 'semester' && (
            <>
              <Form.Item name="year" label={t('foundation.year')} rules={[{ required: true }]}><InputNumber min={2000} max={2100} /></Form.Item>
              <Form.Item name="term" label={t('foundation.term')}><Radio.Group options={[{ value: 1, label: '1' }, { value: 2, label: '2' }]} /></Form.Item>
              <Form.Item name="startDate" label="YYYY-MM-DD" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}><Input /></Form.Item>
              <Form.Item name="endDate" label="YYYY-MM-DD" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}><Input /></Form.Item>
              <Form.Item name="isCurrent" label={t('foundation.current')} valuePropName="checked"><Switch /></Form.Item>
            </>
          )}
          {dialog?.kind === 'teacher' && (
            <>
              {!dialog.row && (
                <>
                  <Form.Item name="username" label={t('foundation.username')} rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: t('login.usernameRequired') }]}><Input /></Form.Item>
                  <Form.Item name="phone" label={t('foundation.phone')} rules={[{ required: true, pattern: /^1\d{10}$/, message: t('auth.phoneInvalid') }]}><Input maxLength={11} /></Form.Item>
                  <Form.Item name="roleId" label={t('foundation.role')}><Radio.Group options={(roles.data ?? []).filter((r) => r.id === 2 || r.id === 3).map((r) => ({ value: r.id, label: r.name }))} /></Form.Item>
                  <Alert type="info" showIcon message={t('initialUser.desc')} style={{ marginBottom: 12 }} />
                </>
              )}
              <Form.Item name="realname" label={t('student.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}><Input maxLength={30} /></Form.Item>
              <Form.Item name="campusId" label={t('teaching.campus')}><Select allowClear options={(campuses.data ?? []).map((c) => ({ value: c.id, label: c.name }))} /></Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
