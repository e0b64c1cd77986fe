import { useEffect, useMemo, useState } from 'react';
import { Input, Popover, Select, Tag, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { isMessageKey } from '../../core/i18n/catalogue-store';
import { useT } from '../i18n/i18n-context';
import { derivedTotal, dimensionFullMark, dimensionProblem, parseScore, totalProblem, usesLevels, type DimensionScore } from './score-input';

type AiScore = NonNullable<NonNullable<ReviewWorkspace['correction']['result']>['score']>;
type Evidence = AiScore['evidence'][number];

export interface ScoringCardProps {
  task: ReviewWorkspace['task'];
  ai: AiScore | null;
  aiTotal: string | null;
  scores: DimensionScore[];
  teacherScore?: string;
  savedTotal: string | null;
  readonly: boolean;
  onScores(scores: DimensionScore[]): void;
  onTotal(total: string | undefined): void;
  /** an evidence line hovered: light its ranges in the transcript */
  onEvidence(ranges: Array<[number, number]> | null): void;
}

/**
 * Scoring details: each dimension of the task's standard with the AI's score and the evidence
 * behind it, and the teacher's score in the task's score type (a level for types 1, 2, 4, a number
 * from 0 to the dimension's full mark for type 3); the total follows the dimensions unless set.
 */
export function ScoringCard(props: ScoringCardProps) {
  const t = useT();
  const { task } = props;
  const levels = usesLevels(task.scoreType);
  const derived = derivedTotal(task, props.scores);
  // stable options: a new array on every render (autosave re-renders) resets the open list's keyboard position
  const levelOptions = useMemo(() => task.levels.map((l) => ({ value: l, label: l })), [task.levels]);
  const set = (next: DimensionScore) => props.onScores(props.scores.map((s) => (s.id === next.id ? next : s)));

  const evidenceList = (ev: Evidence[]) => (
    <ul className="zp-cp-evidence" onMouseLeave={() => props.onEvidence(null)}>
      {ev.map((e, i) => {
        const key = `panel.feature.${e.feature}`;
        return (
          <li key={i} onMouseEnter={() => props.onEvidence(e.ranges.length ? e.ranges : null)} className={e.ranges.length ? 'has-ranges' : undefined}>
            <span>{isMessageKey(key) ? t(key) : e.feature}</span>
            <span className="zp-cp-evidence-value">{String(e.value)}</span>
            <span className={e.effect >= 0 ? 'is-up' : 'is-down'}>{e.effect >= 0 ? `+${e.effect}` : e.effect}</span>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="zp-cp-scoring" data-testid="cp-scoring">
      <div className="zp-cp-section-bar">
        <Typography.Text strong>{t('panel.scoring')}</Typography.Text>
        <Typography.Text type="secondary" className="zp-cp-hint">
          {levels ? t('panel.scoreTypeLevels', { levels: task.levels.join(' / ') }) : t('panel.scoreTypeNumber', { max: task.fullMark ?? 100 })}
        </Typography.Text>
      </div>
      <table className="zp-cp-score-table">
        <thead>
          <tr>
            <th>{t('panel.dimension')}</th>
            <th>{t('panel.aiScore')}</th>
            <th>{t('panel.teacherScore')}</th>
          </tr>
        </thead>
        <tbody>
          {task.dimensions.map((d) => {
            const ai = props.ai?.dimensions.find((x) => x.id === d.id);
            const score = props.scores.find((s) => s.id === d.id) ?? { id: d.id };
            return (
              <tr key={d.id} data-testid="cp-dimension" data-dimension={d.id}>
                <td>{d.name}</td>
                <td>
                  {ai ? (
                    <span className="zp-cp-ai-score">
                      {ai.label}
                      {ai.evidence.length > 0 && (
                        <Popover title={t('panel.evidence', { name: d.name })} content={evidenceList(ai.evidence)} trigger={['hover', 'click']} placement="left">
                          <InfoCircleOutlined className="zp-cp-evidence-icon" aria-label={t('panel.evidence', { name: d.name })} />
                        </Popover>
                      )}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  {levels ? (
                    <Select
                      size="small"
                      style={{ width: 120 }}
                      value={score.label}
                      disabled={props.readonly}
                      placeholder={t('panel.pickLevel')}
                      options={levelOptions}
                      onChange={(label: string) => set({ id: d.id, label })}
                      aria-label={d.name}
                      data-testid="cp-score-input"
                    />
                  ) : (
                    <NumberScore name={d.name} value={score.value} max={dimensionFullMark(task, d.id)} readonly={props.readonly} onChange={(value) => set({ id: d.id, value })} />
                  )}
                  {(() => {
                    const problem = dimensionProblem(task, score);
                    return problem ? <div className="zp-cp-error">{t(problem.key, problem.params)}</div> : null;
                  })()}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td>
              <Typography.Text strong>{t('panel.total')}</Typography.Text>
            </td>
            <td>
              <span className="zp-cp-ai-score">
                <Typography.Text strong>{props.aiTotal ?? '—'}</Typography.Text>
                {props.ai && props.ai.evidence.length > 0 && (
                  <Popover title={t('panel.totalEvidence')} content={evidenceList(props.ai.evidence)} trigger={['hover', 'click']} placement="left">
                    <InfoCircleOutlined className="zp-cp-evidence-icon" aria-label={t('panel.totalEvidence')} />
                  </Popover>
                )}
                {/* a level (A, 优秀, 甲) says it already; an export band beside it could contradict it (A at 85, 优秀 at 90) */}
                {!levels && props.ai?.band && <Tag bordered={false}>{isMessageKey(`panel.band.${props.ai.band}`) ? t(`panel.band.${props.ai.band}` as 'panel.band.good') : props.ai.band}</Tag>}
              </span>
            </td>
            <td>
              {levels ? (
                <Select
                  size="small"
                  style={{ width: 120 }}
                  allowClear
                  value={props.teacherScore}
                  disabled={props.readonly}
                  placeholder={derived ?? props.savedTotal ?? t('panel.pickLevel')}
                  options={levelOptions}
                  onChange={(v: string | undefined) => props.onTotal(v || undefined)}
                  aria-label={t('panel.total')}
                  data-testid="cp-total-input"
                />
              ) : (
                <TotalNumber value={props.teacherScore} placeholder={derived ?? props.savedTotal ?? ''} readonly={props.readonly} onChange={props.onTotal} />
              )}
              {(() => {
                const problem = totalProblem(task, props.teacherScore);
                return problem ? <div className="zp-cp-error">{t(problem.key, problem.params)}</div> : null;
              })()}
              {!props.teacherScore && derived && (
                <Typography.Text type="secondary" className="zp-cp-hint" data-testid="cp-derived-total">
                  {' '}
                  {t('panel.derivedTotal', { total: derived })}
                </Typography.Text>
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A number box that keeps what the teacher typed and says why it is not a valid score. */
function NumberScore(props: { name: string; value?: number; max: number; readonly: boolean; onChange(value: number | undefined): void }) {
  const t = useT();
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText((current) => (parseScore(current, props.max).value === props.value ? current : props.value === undefined ? '' : String(props.value)));
  }, [props.value, props.max]);
  return (
    <>
      <Input
        size="small"
        style={{ width: 96 }}
        value={text}
        inputMode="decimal"
        disabled={props.readonly}
        status={problem ? 'error' : undefined}
        suffix={`/ ${props.max}`}
        aria-label={props.name}
        data-testid="cp-score-input"
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseScore(e.target.value, props.max);
          if (parsed.problem) {
            setProblem(parsed.problem === 'range' ? t('panel.scoreRange', { name: props.name, max: props.max }) : t('panel.scoreFormat'));
            return;
          }
          setProblem(null);
          props.onChange(parsed.value);
        }}
      />
      {problem && <div className="zp-cp-error">{problem}</div>}
    </>
  );
}

function TotalNumber(props: { value?: string; placeholder: string; readonly: boolean; onChange(value: string | undefined): void }) {
  const t = useT();
  return (
    <Input
      size="small"
      style={{ width: 96 }}
      value={props.value ?? ''}
      placeholder={props.placeholder}
      inputMode="decimal"
      disabled={props.readonly}
      aria-label={t('panel.total')}
      data-testid="cp-total-input"
      onChange={(e) => props.onChange(e.target.value.trim() || undefined)}
    />
  );
}
