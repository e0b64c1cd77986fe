import { useState } from 'react';
import { App, Button, Card, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { REGISTRATION_STATUSES, type Notice, type Registration, type RegistrationStatusKey } from '../../../core/api/contracts/enrollment';
import type { MessageKey } from '../../../core/i18n';
import { QrCodeCard } from '../../../views/common/QrCodeCard';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { saveBlob } from '../lcw/use-lcw';
import { NoticeModal } from './NoticeModal';
import { NOTICE_COLOR, STATUS_COLOR, useEnrollmentApi } from './use-enrollment';
import { Authorized, usePermission } from '../../../views/auth/authorized';
import { schoolTime } from '../../../core/time/school-time';

const fmt = (d: string) => schoolTime(d, 'YYYY-MM-DD HH:mm');

/** /enrollment/index (招生信息): the school's notices (publish, QR code, close) and the registrations with their status, filters and export. */
export default function EnrollmentIndexPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useEnrollmentApi();
  const can = usePermission();
  const notices = useAsync(() => api.notices(), [api]);
  const [editing, setEditing] = useState<Notice | null | undefined>(undefined);
  const [qr, setQr] = useState<Notice | null>(null);
  const [filter, setFilter] = useState<{ noticeId?: number; status?: RegistrationStatusKey; keyword?: string }>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const regs = useAsync(() => api.registrations({ ...filter, ...paging }), [api, filter, paging]);
  const refilter = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const setNoticeStatus = async (n: Notice, status: 'published' | 'closed') => {
    await api.setNoticeStatus(n.id, status);
    void message.success(t('enroll.saved'));
    await notices.reload();
  };
  const exportXlsx = async () => saveBlob(await api.exportXlsx(filter), `${t('enroll.export.file')}.xlsx`);

  return (
    <div data-testid="enroll-index">
      <Card title={t('enroll.notices')} extra={<Authorized action="admissions.add"><Button type="primary" onClick={() => setEditing(null)} data-testid="enroll-new-notice">{t('enroll.newNotice')}</Button></Authorized>} style={{ marginBottom: 16 }}>
        <Table<Notice>
          rowKey="id"
          size="small"
          loading={notices.loading}
          dataSource={notices.data ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="enroll-notices"
          columns={[
            { title: t('enroll.f.title'), dataIndex: 'title' },
            { title: t('enroll.f.grades'), width: 160, render: (_: unknown, n) => n.grades.map((g) => gradeLabel(g, lang)).join('、') },
            { title: t('enroll.f.window'), width: 250, render: (_: unknown, n) => `${fmt(n.opensAt)} ~ ${fmt(n.closesAt)}` },
            { title: t('enroll.f.status'), width: 90, render: (_: unknown, n) => <Tag color={NOTICE_COLOR[n.status]}>{t(`enroll.notice.${n.status}` as MessageKey)}</Tag> },
            { title: t('enroll.registrations'), width: 200, render: (_: unknown, n) => t('enroll.counts', { total: n.counts.total, admitted: n.counts.admitted, places: n.places }) },
            {
              title: '',
              width: 260,
              render: (_: unknown, n) => (
                <Space size="small" wrap>
                  {n.formPath && <a onClick={() => setQr(n)} data-testid="enroll-open-qr">{t('enroll.qr')}</a>}
                  {can('admissions.edit') && <a onClick={() => setEditing(n)}>{t('enroll.editNotice')}</a>}
                  {n.status === 'draft' && can('admissions.edit') && <a onClick={() => void setNoticeStatus(n, 'published')}>{t('enroll.publish')}</a>}
                  {n.status === 'published' && can('admissions.edit') && <a onClick={() => void setNoticeStatus(n, 'closed')}>{t('enroll.close')}</a>}
                  {n.status === 'closed' && can('admissions.edit') && <a onClick={() => void setNoticeStatus(n, 'published')}>{t('enroll.reopen')}</a>}
                  {n.counts.total === 0 && can('admissions.delete') && (
                    <Popconfirm title={t('enroll.confirmDelete')} onConfirm={() => void api.deleteNotice(n.id).then(() => notices.reload())}>
                      <a style={{ color: '#c21939' }}>×</a>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Card title={t('enroll.registrations')} extra={<Authorized action="admissions.export"><Button onClick={() => void exportXlsx()} data-testid="enroll-export">{t('enroll.export')}</Button></Authorized>}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select allowClear placeholder={t('enroll.f.notice')} style={{ width: 240 }} value={filter.noticeId} onChange={(v) => refilter({ noticeId: v })} options={(notices.data ?? []).map((n) => ({ value: n.id, label: n.title }))} />
          <Segmented
            value={filter.status ?? 'all'}
            onChange={(v) => refilter({ status: v === 'all' ? undefined : (v as RegistrationStatusKey) })}
            options={[{ value: 'all', label: t('enroll.all') }, ...REGISTRATION_STATUSES.map((s) => ({ value: s, label: t(`enroll.status.${s}` as MessageKey) }))]}
            data-testid="enroll-status-filter"
          />
          <Input.Search allowClear placeholder={t('enroll.search')} style={{ width: 220 }} onSearch={(v) => refilter({ keyword: v.trim() || undefined })} />
        </Space>
        <Table<Registration>
          rowKey="id"
          size="middle"
          loading={regs.loading}
          dataSource={regs.data?.list ?? []}
          scroll={{ x: 900 }}
          pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: regs.data?.total ?? 0, onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }) }}
          data-testid="enroll-registrations"
          onRow={(r) => ({ onClick: () => navigate(`/enrollment/details?id=${r.id}`), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('enroll.f.child'), dataIndex: 'childName', render: (v: string) => <a>{v}</a> },
            { title: t('enroll.f.gender'), dataIndex: 'gender', width: 70, render: (g: number) => t(g === 1 ? 'enroll.gender.1' : 'enroll.gender.2') },
            { title: t('enroll.f.grade'), dataIndex: 'grade', width: 90, render: (g: number) => gradeLabel(g, lang) },
            { title: t('enroll.f.guardian'), width: 120, render: (_: unknown, r) => `${r.guardianName}（${r.relation}）` },
            { title: t('enroll.f.phone'), dataIndex: 'phone', width: 120 },
            { title: t('enroll.f.idNumber'), dataIndex: 'idMasked', width: 180 },
            { title: t('enroll.f.notice'), dataIndex: 'noticeTitle', width: 180 },
            { title: t('enroll.f.status'), dataIndex: 'status', width: 90, render: (s: RegistrationStatusKey) => <Tag color={STATUS_COLOR[s]}>{t(`enroll.status.${s}` as MessageKey)}</Tag> },
            { title: t('enroll.f.createdAt'), dataIndex: 'createdAt', width: 150, render: fmt },
          ]}
        />
      </Card>

      <NoticeModal
        open={editing !== undefined}
        notice={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void notices.reload();
        }}
      />
      <Modal open={qr !== null} footer={null} onCancel={() => setQr(null)} title={qr?.title} width={300} data-testid="enroll-qr-modal">
        {qr?.formPath && <QrCodeCard value={`${window.location.origin}${qr.formPath}`} title={t('enroll.qr')} description={t('enroll.qrHelp')} />}
      </Modal>
    </div>
  );
}
