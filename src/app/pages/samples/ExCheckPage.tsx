import { useState } from 'react';
import { App, Button, Card, Input, Space } from 'antd';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { EmptyState } from '../../../views/common/EmptyState';
import { SampleReading } from './SampleReading';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

/** One sample awaiting review: read it, confirm (published campus-wide) or send it back with a note. */
function CheckItem({ id, onDone }: { id: number; onDone(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const api = useSamplesApi();
  const detail = useAsync(() => api.detail(id), [api, id]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const s = detail.data;
  if (!s) return <Card loading />;
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      await api.check(id, approve, note.trim());
      void message.success(approve ? t('samples.publishedMsg') : t('samples.unpublished'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="check-item" style={{ marginBottom: 16 }}>
      <SampleReading sample={s} />
      {s.canCheck && (
        <Card size="small">
          <Space wrap>
            <Input style={{ width: 320 }} placeholder={t('samples.checkNote')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} data-testid="check-note" />
            <Button type="primary" loading={busy} onClick={() => void decide(true)} data-testid="check-approve">
              {t('samples.approveCheck')}
            </Button>
            <Button danger loading={busy} onClick={() => void decide(false)} data-testid="check-reject">
              {t('samples.rejectCheck')}
            </Button>
          </Space>
        </Card>
      )}
    </div>
  );
}

/** /excellentArticle/exCheck: campus-wide samples a headmaster or the class's teacher confirms before they are published. */
export default function ExCheckPage() {
  const t = useT();
  const api = useSamplesApi();
  const list = useAsync(() => api.list({ status: 'checking', pageSize: 50 }), [api]);
  return (
    <div data-testid="samples-check">
      <SamplesNav />
      {list.data && list.data.list.length === 0 && <EmptyState text={t('samples.noChecks')} />}
      {list.data?.list.map((s) => <CheckItem key={s.id} id={s.id} onDone={() => void list.reload()} />)}
    </div>
  );
}
