import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ApiError } from '../../../core/api/client';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { useClassParam } from './use-class-param';
import { validFields } from '../../../views/common/valid-fields';

interface ParentRow {
  id: number;
  studentId: number;
  studentName: string;
  studentNo: string;
  name: string;
  phone: string;
  relation: string;
}

/** /class/ParentManagement: parents of a class's students (they receive reports by QR code). */
export default function ParentPage() {
  const t = useT();
  const { modal, message } = App.useApp();
  const { classes: api } = useApp();
  const { classes, current, choose } = useClassParam();
  const [editing, setEditing] = useState<ParentRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const list = useAsync(() => (current ? api.parents({ classId: current.id, pageSize: 100 }) : Promise.resolve(null)), [api, current]);
  const students = useAsync(() => (current ? api.students({ classId: current.id, pageSize: 100 }) : Promise.resolve(null)), [api, current]);

  const open = (row: ParentRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new') form.setFieldsValue(row);
  };
  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    try {
      if (editing && editing !== 'new') await api.updateParent({ id: editing.id, name: v.name, phone: v.phone, relation: v.relation });
      else await api.addParent({ studentId: v.studentId, name: v.name, phone: v.phone, relation: v.relation });
      setEditing(null);
      void message.success(t('teaching.saved'));
      await list.reload();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };
  const remove = (row: ParentRow) =>
    modal.confirm({
      title: t('teaching.delete'),
      content: t('teaching.confirmDelete', { name: row.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await api.removeParent(row.id);
        await list.reload();
      },
    });

  if (!current) return <Card loading={!classes.length}>{classes.length === 0 && <EmptyState text={t('class.empty')} />}</Card>;
  return (
    <Card
      title={
        <Space wrap>
          {t('parent.list')}
          <Select value={current.id} onChange={choose} style={{ minWidth: 180 }} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
        </Space>
      }
      extra={current.canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>{t('parent.add')}</Button>}
    >
      <Table<ParentRow>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState text={t('parent.empty')} /> }}
        columns={[
          { title: t('parent.student'), render: (_, p) => `${p.studentNo} ${p.studentName}` },
          { title: t('parent.name'), dataIndex: 'name' },
          { title: t('parent.relation'), dataIndex: 'relation' },
          { title: t('parent.phone'), dataIndex: 'phone' },
          ...(current.canEdit
            ? [{ title: t('teaching.actions'), render: (_: unknown, p: ParentRow) => <Space><Button size="small" onClick={() => open(p)}>{t('teaching.edit')}</Button><Button size="small" danger onClick={() => remove(p)}>{t('teaching.delete')}</Button></Space> }]
            : []),
        ]}
      />
      <Modal open={editing !== null} title={t('parent.add')} onCancel={() => setEditing(null)} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')}>
        <Form form={form} layout="vertical">
          {editing === 'new' && (
            <Form.Item name="studentId" label={t('parent.student')} rules={[{ required: true, message: t('common.required') }]}>
              <Select showSearch optionFilterProp="label" options={(students.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.studentNo} ${s.name}` }))} />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('parent.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="relation" label={t('parent.relation')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="phone" label={t('parent.phone')} rules={[{ required: true, pattern: /^1\d{10}$/, message: t('auth.phoneInvalid') }]}>
            <Input maxLength={11} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
