import { useCallback, useEffect, useState } from 'react';
import { Button, Popconfirm, Select, Space, Typography } from 'antd';
import { PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { ParentLink, ParentSheetScope } from '../../core/api/contracts/class-report';
import type { ClassReportApi } from '../../core/api/endpoints/class-report';
import { QrCodeCard } from '../common/QrCodeCard';
import { useT } from '../i18n/i18n-context';

/**
 * The parents' QR codes of a class: one per student, opening that student's H5 report. Making them
 * creates a link for every student without a live one; a revoked code stops working at once.
 */
export function ParentLinksPanel({ api, classId, origin, className }: { api: Pick<ClassReportApi, 'parentLinks' | 'createParentLinks' | 'revokeParentLink' | 'parentSheet'>; classId: number; origin?: string; className?: string }) {
  const t = useT();
  const [links, setLinks] = useState<ParentLink[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [scope, setScope] = useState<ParentSheetScope>('approved');
  const [printing, setPrinting] = useState(false);
  // The printable sheet (A4, cut marks): the links are made first, so every chosen pupil has a card.
  const print = async () => {
    setPrinting(true);
    try {
      setLinks(await api.createParentLinks(classId));
      const blob = await api.parentSheet(classId, scope);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${className ? t('parentSheet.title', { className }) : t('parentLink.title')}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // shown by the client (e.g. the semester is over)
    } finally {
      setPrinting(false);
    }
  };
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
        <Space wrap>
          <Button onClick={() => void create()} loading={busy} data-testid="parent-links-create">
            {t('parentLink.create')}
          </Button>
          <Select<ParentSheetScope>
            value={scope}
            onChange={setScope}
            style={{ minWidth: 200 }}
            aria-label={t('parentSheet.print')}
            data-testid="parent-sheet-scope"
            options={[
              { value: 'approved', label: t('parentSheet.scopeApproved') },
              { value: 'all', label: t('parentSheet.scopeAll') },
            ]}
          />
          <Button icon={<PrinterOutlined />} onClick={() => void print()} loading={printing} data-testid="parent-sheet-print">
            {t('parentSheet.print')}
          </Button>
        </Space>
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
