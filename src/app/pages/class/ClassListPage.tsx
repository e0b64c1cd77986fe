import { useState } from 'react';
import { App, Button, Card, Dropdown, Grid, Input, Select, Space, Table, Tag } from 'antd';
import { DownOutlined, PlusOutlined, QrcodeOutlined, SyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { ClassItem } from '../../../core/api/contracts/classes';
import { Authorized } from '../../../views/auth/authorized';
import { EmptyState } from '../../../views/common/EmptyState';
import { QrCodeCard } from '../../../views/common/QrCodeCard';
import { useGradeOptions } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { ClassFormModal } from './ClassFormModal';
import { TeacherBindingModal } from './TeacherBindingModal';
import { schoolTime } from '../../../core/time/school-time';

/** Semesters ("Autumn 2026") and times must not wrap mid-word in a narrow column. */
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** /class/index: the classes the user may see, with add, edit, delete, login QR, teachers and sync. */
export default function ClassListPage() {
  const phone = !Grid.useBreakpoint().sm;
  const t = useT();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { classes } = useApp();
  const grades = useGradeOptions();
  const [filters, setFilters] = useState<{ grade?: number; name?: string; pageNum: number }>({ pageNum: 1 });
  const [editing, setEditing] = useState<ClassItem | 'new' | null>(null);
  const [binding, setBinding] = useState<ClassItem | null>(null);
  const [syncing, setSyncing] = useState(false);
  const list = useAsync(() => classes.list({ ...filters, pageSize: 10 }), [classes, filters]);
  const sync = useAsync(() => classes.lastSync().catch(() => null), [classes]);

  const showQr = async (klass: ClassItem) => {
    const qr = await classes.loginQrCode(klass.id);
    const url = qr.url.startsWith('http') ? qr.url : window.location.origin + qr.url;
    modal.info({ title: `${klass.name} · ${t('class.loginQr')}`, icon: null, content: <QrCodeCard value={url} title={t('common.labelValue', { label: t('teaching.classCode'), value: qr.classCode })} description={t('class.loginQrDesc')} />, okText: t('common.ok') });
  };
  const remove = (klass: ClassItem) =>
    modal.confirm({
      title: t('teaching.delete'),
      content: t('teaching.confirmDelete', { name: klass.name }),
      okButtonProps: { danger: true },
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await classes.remove(klass.id);
        void message.success(t('teaching.deleted'));
        await list.reload();
      },
    });
  const runSync = async () => {
    setSyncing(true);
    try {
      const r = await classes.runSync();
      void message.success(t('class.syncDone', { created: r.classes.created + r.students.created, updated: r.classes.updated + r.students.updated, unchanged: r.classes.unchanged + r.students.unchanged }));
      await list.reload();
    } finally {
      setSyncing(false);
    }
  };

  const rows = list.data?.list ?? [];
  return (
    <Card
      title={t('class.list')}
      data-testid="class-page"
      extra={
        <Space wrap>
          {sync.data?.configured && (
            <Button icon={<SyncOutlined />} loading={syncing} onClick={() => void runSync()}>
              {t('class.sync')}
            </Button>
          )}
          <Authorized action="class.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="class-add">
              {t('class.add')}
            </Button>
          </Authorized>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select allowClear placeholder={t('teaching.grade')} aria-label={t('teaching.grade')} style={{ width: 140 }} options={grades} onChange={(grade) => setFilters((f) => ({ ...f, grade, pageNum: 1 }))} />
        <Input.Search allowClear placeholder={t('teaching.className')} aria-label={t('teaching.className')} onSearch={(name) => setFilters((f) => ({ ...f, name: name || undefined, pageNum: 1 }))} style={{ width: 220 }} />
      </Space>
      <Table<ClassItem>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={rows}
        scroll={{ x: 1240 }}
        locale={{ emptyText: <EmptyState text={t('class.empty')} /> }}
        pagination={{ current: filters.pageNum, pageSize: 10, total: list.data?.total ?? 0, onChange: (pageNum) => setFilters((f) => ({ ...f, pageNum })), showTotal: (total) => t('teaching.total', { total }) }}
        columns={[
          { title: t('teaching.className'), dataIndex: 'name', render: (name: string, c) => <a onClick={() => navigate(`/class/student?classId=${c.id}`)}>{name}</a> },
          { title: t('teaching.grade'), dataIndex: 'gradeName' },
          { title: t('teaching.campus'), dataIndex: 'campusName' },
          { title: t('teaching.semester'), dataIndex: 'semesterName', onCell: noWrap, onHeaderCell: noWrap },
          { title: t('teaching.mainTeacher'), dataIndex: 'mainTeacherName', render: (n: string | null, c) => [n, ...c.teachers.map((x) => x.name)].filter(Boolean).join('、') },
          { title: t('teaching.studentCount'), dataIndex: 'studentCount' },
          { title: t('teaching.classCode'), dataIndex: 'classCode', width: 120 },
          { title: t('teaching.source'), dataIndex: 'source', render: (s: string) => <Tag color={s === 'sync' ? 'blue' : 'default'}>{t(s === 'sync' ? 'teaching.sourceSync' : 'teaching.sourceZhipi')}</Tag> },
          { title: t('teaching.createdAt'), dataIndex: 'createdTime', width: 170, onCell: noWrap, onHeaderCell: noWrap, render: (d: string) => schoolTime(d) },
          {
            title: t('teaching.actions'),
            // On a phone a fixed 250 px column leaves too little room: the columns under it were clipped.
            fixed: phone ? undefined : 'right',
            width: 250,
            render: (_, c) => (
              <Space size={4}>
                <Button size="small" icon={<QrcodeOutlined />} onClick={() => void showQr(c)} data-testid="class-qr">
                  {t('class.loginQr')}
                </Button>
                {c.canEdit ? (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'students', label: t('class.students') },
                        { key: 'teachers', label: t('class.bindTeachers') },
                        { key: 'edit', label: t('teaching.edit') },
                        { type: 'divider' },
                        { key: 'delete', label: t('teaching.delete'), danger: true },
                      ],
                      onClick: ({ key }) => {
                        if (key === 'students') navigate(`/class/student?classId=${c.id}`);
                        if (key === 'teachers') setBinding(c);
                        if (key === 'edit') setEditing(c);
                        if (key === 'delete') remove(c);
                      },
                    }}
                  >
                    <Button size="small" data-testid="class-more">
                      {t('teaching.actions')} <DownOutlined />
                    </Button>
                  </Dropdown>
                ) : (
                  <Button size="small" onClick={() => navigate(`/class/student?classId=${c.id}`)}>
                    {t('class.students')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ClassFormModal
          klass={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
      {binding && (
        <TeacherBindingModal
          klass={binding}
          onClose={() => setBinding(null)}
          onSaved={() => {
            setBinding(null);
            void list.reload();
          }}
        />
      )}
    </Card>
  );
}
