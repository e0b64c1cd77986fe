import { useState } from 'react';
import { Button, Image, Input, Space, Table, Tag, Typography, message } from 'antd';
import type { PracticeAttempt, PracticeDetail } from '../../../core/api/contracts/practice';
import { useT } from '../../../views/i18n/i18n-context';
import { PracticeFeedbackView } from '../../../views/practice/PracticeFeedbackView';
import { usePracticeApis } from './use-practice';
import { schoolTime } from '../../../core/time/school-time';

type Row = PracticeDetail['students'][number];
const STATUS_COLORS: Record<PracticeAttempt['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** Every student of the class with their attempts; a row opens to the text, the AI's feedback and the teacher's comment. */
export function PracticeAttemptsTable({ detail, onChanged }: { detail: PracticeDetail; onChanged: () => void }) {
  const t = useT();
  const rows = [...detail.students].sort((a, b) => Number(b.attempts.length > 0) - Number(a.attempts.length > 0));
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 720 }}
      data-testid="practice-attempts"
      expandable={{ rowExpandable: (r) => r.attempts.length > 0, expandedRowRender: (r) => <Attempts practiceId={detail.practice.id} row={r} onChanged={onChanged} /> }}
      columns={[
        { title: t('practice.student'), dataIndex: 'name', render: (v: string, r) => <span data-testid="practice-student-row" data-submitted={r.attempts.length > 0}>{v} <Typography.Text type="secondary">{r.studentNo}</Typography.Text></span> },
        { title: t('practice.attempts'), key: 'n', width: 90, render: (_: unknown, r) => (r.attempts.length ? r.attempts.length : <Typography.Text type="secondary">{t('practice.notSubmitted')}</Typography.Text>) },
        { title: t('practice.best'), dataIndex: 'bestPercent', width: 90, render: (v: number | null) => v ?? '—' },
        { title: t('practice.feedbackColumn'), key: 'status', width: 120, render: (_: unknown, r) => { const last = r.attempts.at(-1); return last ? <Tag color={STATUS_COLORS[last.status]}>{t(`practice.status.${last.status}`)}</Tag> : null; } },
        { title: t('practice.submittedAt'), key: 'at', width: 130, render: (_: unknown, r) => { const last = r.attempts.at(-1); return last ? schoolTime(last.submittedAt, 'MM-DD HH:mm:ss') : '—'; } },
        { title: t('practice.teacherComment'), key: 'c', width: 90, render: (_: unknown, r) => (r.attempts.some((a) => a.teacherComment) ? '✓' : '') },
      ]}
    />
  );
}

function Attempts({ practiceId, row, onChanged }: { practiceId: number; row: Row; onChanged: () => void }) {
  const t = useT();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {row.attempts.map((a) => (
        <div key={a.id} className="zp-practice-attempt" data-testid="practice-attempt" style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          <div style={{ flex: '1 1 320px', minWidth: 260 }}>
            <Space style={{ marginBottom: 6 }}>
              <strong>{t('practice.attemptN', { n: a.attemptNo })}</strong>
              <Tag>{t(`practice.source.${a.source}`)}</Tag>
              <Typography.Text type="secondary">{schoolTime(a.submittedAt, 'MM-DD HH:mm:ss')}</Typography.Text>
            </Space>
            {a.photoUrls.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap>{a.photoUrls.map((u, i) => <Image key={u} src={u} width={96} alt={`${row.name} ${i + 1}`} />)}</Space>
              </Image.PreviewGroup>
            )}
            <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8, background: '#fafafa', padding: 10, borderRadius: 4, marginTop: 6 }}>{a.text || '—'}</div>
            <CommentBox practiceId={practiceId} attempt={a} onSaved={onChanged} />
          </div>
          <div style={{ flex: '1 1 320px', minWidth: 260 }}>
            <PracticeFeedbackView attempt={{ ...a, teacherComment: '' }} />
          </div>
        </div>
      ))}
    </Space>
  );
}

function CommentBox({ practiceId, attempt, onSaved }: { practiceId: number; attempt: PracticeAttempt; onSaved: () => void }) {
  const t = useT();
  const { practice } = usePracticeApis();
  const [text, setText] = useState(attempt.teacherComment);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await practice.comment(practiceId, attempt.id, text.trim());
      message.success(t('practice.commentSaved'));
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('practice.teacherComment')}</Typography.Text>
      <Input.TextArea rows={2} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('practice.commentPlaceholder')} style={{ margin: '4px 0' }} data-testid="practice-comment-input" />
      <Button size="small" type="primary" loading={busy} disabled={text.trim() === attempt.teacherComment} onClick={() => void save()} data-testid="practice-comment-save">
        {t('practice.commentSave')}
      </Button>
    </div>
  );
}
