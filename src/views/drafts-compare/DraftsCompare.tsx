import { useMemo, useState } from 'react';
import { Empty, Skeleton, Space, Switch, Tag, Tooltip } from 'antd';
import type { StudentDrafts } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { EssayLabelTag } from '../upload/label-tag';
import { buildDraftColumns, type DiffSegment } from './diff-model';
import styles from './drafts-compare.css?inline';
import { schoolTime } from '../../core/time/school-time';

type Draft = StudentDrafts['drafts'][number];

export interface DraftsCompareProps {
  api: { review: Pick<ReviewApi, 'drafts'> };
  taskId: number;
  studentId: number;
  /** Where tooltips open: the shadow root's mount when embedded in a custom element. */
  getPopupContainer?: (trigger: HTMLElement) => HTMLElement;
}

function Segments({ segments, showRemoved }: { segments: DiffSegment[]; showRemoved: boolean }) {
  return (
    <>
      {segments.map((s, i) =>
        s.kind === 'same' ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === 'added' ? (
          <ins key={i} className="zp-diff-added">
            {s.text}
          </ins>
        ) : showRemoved ? (
          <del key={i} className="zp-diff-removed">
            {s.text}
          </del>
        ) : null,
      )}
    </>
  );
}

/**
 * A student's drafts of a task side by side (first, revised 1, revised 2), each with its scores and
 * comments; every draft marks what changed since the draft before it (additions underlined green,
 * removals struck red). A draft the teacher discarded with a revision request is shown greyed and is
 * not the base of the next comparison. Styles render with the view, so it works in a shadow root.
 */
export function DraftsCompare({ api, taskId, studentId, getPopupContainer }: DraftsCompareProps) {
  const t = useT();
  const [showRemoved, setShowRemoved] = useState(true);
  const drafts = useAsync(() => api.review.drafts(taskId, studentId), [api.review, taskId, studentId]);
  const list = useMemo(() => [...(drafts.data?.drafts ?? [])].sort((a, b) => a.draft - b.draft || a.id - b.id), [drafts.data]);
  const columns = useMemo(() => buildDraftColumns(list), [list]);

  const draftName = (d: Draft) => t(`upload.draft${Math.min(d.draft, 2)}` as 'upload.draft0');
  const time = (v: string | null) => (v ? schoolTime(v) : '—');

  return (
    <div className="zp-drafts-compare" data-testid="drafts-compare">
      <style>{styles}</style>
      {drafts.loading && !drafts.data ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('drafts.none')} />
      ) : (
        <>
          <div className="zp-drafts-bar">
            <strong>{t('drafts.title', { name: drafts.data!.studentName })}</strong>
            <Space wrap size={16}>
              <span className="zp-drafts-legend">
                <ins className="zp-diff-added">{t('drafts.legendAdded')}</ins>
                <del className="zp-diff-removed">{t('drafts.legendRemoved')}</del>
              </span>
              <Space size={6}>
                <Switch size="small" checked={showRemoved} onChange={setShowRemoved} data-testid="drafts-show-removed" />
                <span>{t('drafts.showRemoved')}</span>
              </Space>
            </Space>
          </div>
          <div className="zp-drafts" style={{ ['--zp-draft-cols' as string]: String(Math.min(list.length, 3)) }}>
            {list.map((d, i) => {
              const col = columns[i]!;
              const base = col.baseIndex !== null ? list[col.baseIndex]! : null;
              return (
                <section key={d.id} className={`zp-draft${d.discarded ? ' zp-draft-discarded' : ''}`} data-testid="draft-column" data-discarded={d.discarded || undefined}>
                  <div className="zp-draft-head">
                    <div className="zp-draft-title">
                      <span>{draftName(d)}</span>
                      <EssayLabelTag label={d.label} />
                      {d.discarded && (
                        <Tooltip title={t('drafts.discardedHelp')} getPopupContainer={getPopupContainer}>
                          <Tag>{t('drafts.discarded')}</Tag>
                        </Tooltip>
                      )}
                    </div>
                    <div className="zp-draft-scores">
                      <span>
                        {t('writing.aiScore')} <b>{d.aiScore ?? '—'}</b>
                      </span>
                      <span>
                        {t('writing.teacherScore')} <b>{d.teacherScore ?? '—'}</b>
                      </span>
                      <span>
                        {t('writing.wordCount')} <b>{d.wordCount ?? '—'}</b>
                      </span>
                      <span>
                        {t('writing.submittedTime')} {time(d.submittedTime)}
                      </span>
                    </div>
                    {base && (
                      <div className="zp-draft-scores" data-testid="draft-changes">
                        {t('drafts.changes', { base: draftName(base), added: col.added, removed: col.removed })}
                      </div>
                    )}
                  </div>
                  <div className="zp-draft-text" data-testid="draft-text">
                    {d.transcript ? <Segments segments={col.segments} showRemoved={showRemoved} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drafts.noTranscript')} />}
                  </div>
                  <div className="zp-draft-comments">
                    <p>
                      <span className="zp-draft-comment-label">{t('drafts.teacherComment')}</span>
                      {d.teacherComment || '—'}
                    </p>
                    <p>
                      <span className="zp-draft-comment-label">{t('drafts.aiComment')}</span>
                      {d.aiComment || '—'}
                    </p>
                  </div>
                </section>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}
