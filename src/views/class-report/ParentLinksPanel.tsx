import { useCallback, useEffect, useState } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import type { ParentLink } from '../../core/api/contracts/class-report';
import type { ClassReportApi } from '../../core/api/endpoints/class-report';
import { QrCodeCard } from '../common/QrCodeCard';
import { useT } from '../i18n/i18n-context';

/**
 * The parents' QR codes of a class: one per student, opening that student's H5 report. Making them
 * creates a link for every student without a live one; a revoked code stops working at once.
 */
export function ParentLinksPanel({ api, classId, origin }: { api: Pick<ClassReportApi, 'parentLinks' | 'createParentLinks' | 'revokeParentLink'>; classId: number; origin?: string }) {
  const t = useT();
  const [links, setLinks] = useState<ParentLink[] | null>(null);
  const [busy, setBusy] = useState(false);
  const base = origin ?? window.location.origin;
  const load = useCallback(() => api.parentLinks(classId).then(setLinks).catch(() => setLinks([])), [api, classId]);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async () => {
    setBusy(true);
    try {
      setLinks(await api.createParentLinks(classId));
    } catch {
      // shown by the client (e.g. the semester is over)
    } finally {
      setBusy(false);
    }
  };
  const live = (links ?? []).filter((l) => l.path);
  return (
    <section className="zp-report-section" data-testid="parent-links" style={{ background: '#fff', borderRadius: 8, padding: 16, marginTop: 16 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%', flexWrap: 'wrap' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          <QrcodeOutlined /> {t('parentLink.title')}
        </Typography.Title>
        <Button onClick={() => void create()} loading={busy} data-testid="parent-links-create">
          {t('parentLink.create')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('parentLink.hint')}</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {live.map((l) => (
          <div key={l.studentId} data-testid="parent-link">
            <QrCodeCard value={base + l.path!} title={`${l.studentNo} ${l.studentName}`} description={t('parentLink.expires', { date: l.expiresAt!.slice(0, 10) })} size={120} />
            <Popconfirm title={t('parentLink.revoke')} onConfirm={() => void api.revokeParentLink(l.linkId!).then(load)}>
              <Button size="small" danger type="link" data-testid="parent-link-revoke">
                {t('parentLink.revoke')}
              </Button>
            </Popconfirm>
          </div>
        ))}
      </div>
    </section>
  );
}
