import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Input, Row, Select, Space, Tag, Timeline } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REGISTRATION_STATUSES, type RegistrationStatusKey } from '../../../core/api/contracts/enrollment';
import type { MessageKey } from '../../../core/i18n';
import { EmptyState } from '../../../views/common/EmptyState';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { STATUS_COLOR, useEnrollmentApi } from './use-enrollment';
import { usePermission } from '../../../views/auth/authorized';
import { schoolTime } from '../../../core/time/school-time';

const fmt = (d: string) => schoolTime(d, 'YYYY-MM-DD HH:mm');

/** /enrollment/details?id=: one registration (phone whole to call, ID number masked), its notice, the status and its history. */
export default function EnrollmentDetailsPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useEnrollmentApi();
  const can = usePermission();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const reg = useAsync(() => (id ? api.registration(id) : Promise.resolve(null)), [api, id]);
  const [status, setStatus] = useState<RegistrationStatusKey | undefined>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const r = reg.data;
  if (!id || (!r && !reg.loading)) return <EmptyState text={t('error.notFound')} action={<Button onClick={() => navigate('/enrollment/index')}>{t('page.enrollmentIndex')}</Button>} />;
  if (!r) return <Card loading />;

  const save = async () => {
    if (!status) return;
    setBusy(true);
    try {
      await api.setStatus(r.id, status, note.trim());
      void message.success(t('enroll.saved'));
      setNote('');
      setStatus(undefined);
      await reg.reload();
    } finally {
      setBusy(false);
    }
  };
  const tag = (s: RegistrationStatusKey) => <Tag color={STATUS_COLOR[s]}>{t(`enroll.status.${s}` as MessageKey)}</Tag>;

  return (
    <div data-testid="enroll-details">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card title={<Space>{r.childName}{tag(r.status)}</Space>} extra={<a onClick={() => navigate('/enrollment/index')}>{t('page.enrollmentIndex')}</a>}>
            <Descriptions
              column={{ xs: 1, sm: 2 }}
              size="small"
              items={[
                { label: t('enroll.f.child'), children: r.childName },
                { label: t('enroll.f.gender'), children: t(r.gender === 1 ? 'enroll.gender.1' : 'enroll.gender.2') },
                { label: t('enroll.f.birth'), children: r.birthDate },
                { label: t('enroll.f.grade'), children: gradeLabel(r.grade, lang) },
                { label: t('enroll.f.idNumber'), children: <span data-testid="enroll-id-masked">{r.idMasked}</span> },
                { label: t('enroll.f.guardian'), children: `${r.guardianName}（${r.relation}）` },
                { label: t('enroll.f.phone'), children: <a href={`tel:${r.phone}`}>{r.phone}</a> },
                { label: t('enroll.f.currentSchool'), children: r.currentSchool || '—' },
                { label: t('enroll.f.address'), children: r.address || '—', span: 2 },
                { label: t('enroll.f.remark'), children: r.remark || '—', span: 2 },
                { label: t('enroll.f.createdAt'), children: fmt(r.createdAt) },
              ]}
            />
            <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('enroll.idHidden')} />
          </Card>
          <Card title={t('enroll.f.notice')} style={{ marginTop: 16 }} size="small">
            <Descriptions
              column={1}
              size="small"
              items={[
                { label: t('enroll.f.title'), children: r.notice.title },
                { label: t('enroll.f.window'), children: `${fmt(r.notice.opensAt)} ~ ${fmt(r.notice.closesAt)}` },
                { label: t('enroll.f.places'), children: t('enroll.counts', { total: r.notice.counts.total, admitted: r.admittedCount, places: r.notice.places }) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          {can('admissions.edit') && <Card title={t('enroll.setStatus')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Select style={{ width: '100%' }} value={status} placeholder={t('enroll.f.status')} onChange={setStatus} options={REGISTRATION_STATUSES.filter((s) => s !== r.status).map((s) => ({ value: s, label: t(`enroll.status.${s}` as MessageKey) }))} data-testid="enroll-status-select" />
              <Input.TextArea rows={3} maxLength={300} placeholder={t('enroll.note')} value={note} onChange={(e) => setNote(e.target.value)} data-testid="enroll-status-note" />
              <Button type="primary" block disabled={!status} loading={busy} onClick={() => void save()} data-testid="enroll-status-save">{t('enroll.setStatus')}</Button>
            </Space>
          </Card>}
          <Card title={t('enroll.history')} style={{ marginTop: 16 }} data-testid="enroll-history">
            {r.history.length === 0 ? (
              <EmptyState text={t('enroll.noHistory')} />
            ) : (
              <Timeline items={[...r.history].reverse().map((h) => ({ color: STATUS_COLOR[h.status] === 'default' ? 'gray' : STATUS_COLOR[h.status], children: <div>{tag(h.status)} {h.by} · {fmt(h.at)}{h.note && <div style={{ color: '#666' }}>{h.note}</div>}</div> }))} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
