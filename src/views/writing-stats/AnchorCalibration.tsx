import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, Table, Tag, Typography } from 'antd';
import { ANCHOR_MAX, ANCHOR_MIN } from '../../core/api/contracts/anchor-limits';
import type { AnchorCalibration as Result } from '../../core/api/contracts/anchors';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useT } from '../i18n/i18n-context';

export interface AnchorEssay {
  essayId: number;
  studentName: string;
  /** the AI's score as shown in the list */
  aiScore: string;
}

export interface AnchorCalibrationProps {
  api: { review: Pick<ReviewApi, 'anchorCalibration'> };
  taskId: number;
  classId: number;
  essays: AnchorEssay[];
}

/**
 * Anchor essays (按您的评分校准): the teacher ticks 3-5 essays and gives each their own score; the AI's
 * scores of the whole class are then shown beside the same scores on the teacher's scale, with the
 * bands before and after. Nothing is stored: the teacher still approves each essay.
 */
export function AnchorCalibration({ api, taskId, classId, essays }: AnchorCalibrationProps) {
  const t = useT();
  const [marks, setMarks] = useState<Record<number, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = Object.entries(marks).map(([id, score]) => ({ essayId: Number(id), score: score.trim() }));
  const ready = chosen.length >= ANCHOR_MIN && chosen.length <= ANCHOR_MAX && chosen.every((a) => a.score);
  const toggle = (id: number, on: boolean) =>
    setMarks((m) => {
      const next = { ...m };
      if (on) next[id] = '';
      else delete next[id];
      return next;
    });
  const run = async () => {
    setBusy(true);
    try {
      setResult(await api.review.anchorCalibration({ taskId, classId, anchors: chosen }));
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(false);
    }
  };
  const after = useMemo(() => new Map(result?.essays.map((e) => [e.essayId, e]) ?? []), [result]);

  return (
    <div data-testid="anchor-calibration">
      <Alert type="info" showIcon title={t('anchors.hint', { min: ANCHOR_MIN, max: ANCHOR_MAX })} style={{ marginBottom: 12 }} />
      <Table
        size="small"
        rowKey="essayId"
        pagination={false}
        dataSource={essays}
        columns={[
          {
            title: t('anchors.anchor'),
            key: 'anchor',
            width: 80,
            render: (_, e) => (
              <Checkbox
                aria-label={t('anchors.pick', { name: e.studentName })}
                checked={e.essayId in marks}
                disabled={!(e.essayId in marks) && chosen.length >= ANCHOR_MAX}
                onChange={(ev) => toggle(e.essayId, ev.target.checked)}
                data-testid="anchor-pick"
              />
            ),
          },
          { title: t('anchors.student'), dataIndex: 'studentName', key: 'name' },
          { title: t('anchors.yourScore'), key: 'score', width: 140, render: (_, e) => (e.essayId in marks ? <Input size="small" aria-label={t('anchors.yourScoreFor', { name: e.studentName })} value={marks[e.essayId]} onChange={(ev) => setMarks((m) => ({ ...m, [e.essayId]: ev.target.value }))} data-testid="anchor-score" /> : null) },
          { title: t('anchors.ai'), key: 'ai', render: (_, e) => after.get(e.essayId)?.ai.label ?? e.aiScore },
          {
            title: t('anchors.calibrated'),
            key: 'calibrated',
            render: (_, e) => {
              const r = after.get(e.essayId);
              if (!r) return null;
              return (
                <span data-testid="anchor-calibrated">
                  {r.calibrated.label}
                  {r.anchor && <Tag style={{ marginLeft: 6 }}>{t('anchors.anchorTag')}</Tag>}
                </span>
              );
            },
          },
        ]}
      />
      <div style={{ marginTop: 12, display: 'flex', gap: 12, alignItems: 'center' }}>
        <Button type="primary" disabled={!ready} loading={busy} onClick={() => void run()} data-testid="anchor-run">
          {t('anchors.run')}
        </Button>
        <Typography.Text type="secondary">{t('anchors.count', { count: chosen.length, min: ANCHOR_MIN, max: ANCHOR_MAX })}</Typography.Text>
      </div>
      {result && (
        <div style={{ marginTop: 12 }} data-testid="anchor-bands">
          <Typography.Text strong>{t('anchors.bands')}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {result.bands.filter((b) => b.before || b.after).map((b) => (
              <li key={b.label}>{t('anchors.bandLine', { label: b.label, before: b.before, after: b.after })}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
