import { useState } from 'react';
import { App, Button, Card, Input, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { MarkingItem } from '../../../core/api/contracts/lcw';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { TestPicker, useTestId } from './TestPicker';
import { useLcwApi } from './use-lcw';

/** One short answer: the student's words (never editable), the reference, a score and a comment. */
function MarkCard({ item, onSaved }: { item: MarkingItem; onSaved(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const api = useLcwApi();
  const [score, setScore] = useState<number | null>(item.score);
  const [comment, setComment] = useState(item.teacherComment);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (score === null) return;
    setBusy(true);
    try {
      await api.mark(item.answerId, score, comment.trim());
      void message.success(t('lcw.markSaved'));
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ marginBottom: 12 }} title={`${item.position}. ${item.stem}`} extra={<span>{item.studentName} · {item.className}</span>} data-testid="lcw-mark-card">
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: '#fafafa', padding: 8 }}>{item.text || t('lcw.blank')}</Typography.Paragraph>
      {item.explanation && <Typography.Paragraph type="secondary">{t('lcw.f.explanation')}: {item.explanation}</Typography.Paragraph>}
      <Space wrap>
        <InputNumber min={0} max={item.points} precision={0} value={score} onChange={(v) => setScore(v === null ? null : Number(v))} addonAfter={`/ ${item.points}`} data-testid="lcw-mark-score" />
        <Input style={{ width: 320 }} maxLength={300} placeholder={t('lcw.teacherComment')} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="lcw-mark-comment" />
        <Button type="primary" disabled={score === null} loading={busy} onClick={() => void save()} data-testid="lcw-mark-save">{t('lcw.mark')}</Button>
        {item.score !== null && <Tag color="green">{item.score}</Tag>}
      </Space>
    </Card>
  );
}

/** /lcwAts/examineLcw?id=: the teacher marks a test's short answers; the rest was scored on submission. */
export default function ExaminePage() {
  const t = useT();
  const api = useLcwApi();
  const [params] = useSearchParams();
  const { id } = useTestId(params);
  const [onlyPending, setOnlyPending] = useState(true);
  const items = useAsync(() => (id ? api.marking(id, onlyPending) : Promise.resolve([] as MarkingItem[])), [api, id, onlyPending]);
  return (
    <div data-testid="lcw-examine">
      <Space style={{ marginBottom: 12 }} wrap>
        <TestPicker id={id} path="/lcwAts/examineLcw" />
        <Switch checked={onlyPending} onChange={setOnlyPending} /> {t('lcw.markAll')}
      </Space>
      {items.data && items.data.length === 0 && <EmptyState text={t('lcw.noPending')} />}
      {(items.data ?? []).map((item) => <MarkCard key={item.answerId} item={item} onSaved={() => void items.reload()} />)}
    </div>
  );
}
