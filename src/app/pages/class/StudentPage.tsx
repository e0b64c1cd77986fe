import { useState } from 'react';
import { App, Button, Card, Input, Modal, Select, Space, Table, Tooltip, Typography } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { Student } from '../../../core/api/contracts/students';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { RosterImportModal } from './RosterImportModal';
import { StudentFormModal } from './StudentFormModal';
import { useClassParam } from './use-class-param';
import { schoolTime } from '../../../core/time/school-time';

/** /class/student: a class's roster with add, edit, remove, move and import. */
export default function StudentPage() {
  const t = useT();
  const { modal, message } = App.useApp();
  const { classes: api } = useApp();
  const { classes, current, choose } = useClassParam();
  const [pageNum, setPageNum] = useState(1);
  const [name, setName] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Student | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const list = useAsync(() => (current ? api.students({ classId: current.id, pageNum, pageSize: 20, name }) : Promise.resolve(null)), [api, current, pageNum, name]);

  const remove = (ids: number[], label: string) =>
    modal.confirm({
      title: t('teaching.delete'),
      content: t('teaching.confirmDelete', { name: label }),
      okButtonProps: { danger: true },
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.removeStudents(ids);
        setSelected([]);
        void message.success(t('teaching.deleted'));
        await list.reload();
      },
    });
  const resetCode = (s: Student) =>
    modal.confirm({
      title: t('student.h5CodeReset'),
      content: t('student.h5CodeResetConfirm', { name: s.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { h5Code } = await api.resetStudentCode(s.id);
        void message.success(t('student.h5CodeResetDone', { name: s.name, code: h5Code }));
        await list.reload();
      },
    });
  const move = async () => {
    if (!moveTo) return;
    await api.moveStudents(selected, moveTo);
    setMoving(false);
    setSelected([]);
    await list.reload();
  };

  if (!current) return <Card loading={!classes.length}>{classes.length === 0 && <EmptyState text={t('class.empty')} />}</Card>;
  return (
    <Card
      data-testid="student-page"
      title={
        <Space wrap>
          {t('student.list')}
          <Select value={current.id} onChange={(id) => { setPageNum(1); choose(id); }} style={{ minWidth: 180 }} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
        </Space>
      }
      extra={
        current.canEdit && (
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="student-import">
              {t('student.import')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="student-add">
              {t('student.add')}
            </Button>
          </Space>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('student.name')} onSearch={(v) => { setPageNum(1); setName(v || undefined); }} style={{ width: 220 }} />
        {current.canEdit && selected.length > 0 && (
          <>
            <Button onClick={() => setMoving(true)}>{t('student.move')}</Button>
            <Button danger onClick={() => remove(selected, `${selected.length}`)}>
              {t('teaching.delete')}
            </Button>
          </>
        )}
      </Space>
      <Table<Student>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        rowSelection={current.canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        locale={{ emptyText: <EmptyState text={t('student.empty')} /> }}
        scroll={{ x: 800 }}
        pagination={{ current: pageNum, pageSize: 20, total: list.data?.total ?? 0, onChange: setPageNum, showTotal: (total) => t('teaching.total', { total }) }}
        columns={[
          { title: t('student.no'), dataIndex: 'studentNo', width: 90 },
          { title: t('student.name'), dataIndex: 'name' },
          {
            title: <Tooltip title={t('student.h5CodeHelp')}>{t('student.h5Code')}</Tooltip>,
            dataIndex: 'h5Code',
            width: 110,
            render: (v: string | undefined) => (v ? <Typography.Text code copyable data-testid="student-h5-code">{v}</Typography.Text> : '—'),
          },
          { title: t('student.gender'), dataIndex: 'gender', render: (g: number) => (g === 1 ? t('student.male') : g === 2 ? t('student.female') : '—') },
          { title: t('student.uniqueId'), dataIndex: 'identificationNo', render: (v: string | null) => v ?? '—' },
          { title: t('student.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
          { title: t('teaching.createdAt'), dataIndex: 'createdTime', render: (d: string) => schoolTime(d) },
          ...(current.canEdit
            ? [
                {
                  title: t('teaching.actions'),
                  render: (_: unknown, s: Student) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(s)}>
                        {t('teaching.edit')}
                      </Button>
                      <Button size="small" onClick={() => resetCode(s)} data-testid="student-h5-code-reset">
                        {t('student.h5CodeReset')}
                      </Button>
                      <Button size="small" danger onClick={() => remove([s.id], s.name)}>
                        {t('teaching.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <StudentFormModal
          classId={current.id}
          student={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
      {importing && (
        <RosterImportModal
          classId={current.id}
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            void list.reload();
          }}
        />
      )}
      <Modal open={moving} title={t('student.move')} onCancel={() => setMoving(false)} onOk={() => void move()} okText={t('common.ok')} cancelText={t('common.cancel')}>
        <Select style={{ width: '100%' }} placeholder={t('student.moveTo')} onChange={setMoveTo} options={classes.filter((c) => c.id !== current.id).map((c) => ({ value: c.id, label: c.name }))} />
      </Modal>
    </Card>
  );
}
