import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { CheckOutlined, EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useAsync } from '../hooks/use-async';
import { PageImage } from '../common/PageImage';
import { useT } from '../i18n/i18n-context';
import { BatchResultList, type BatchResult } from '../writing-list/BatchResultList';
import { latestEssay, pendingReviewIds, type WritingRow } from '../writing-list/list-model';
import { useReviewCards } from './review-cards';
import styles from './batch-review.css?inline';

export interface BatchReviewProps {
  api: { essays: Pick<EssaysApi, 'list'>; review: Pick<ReviewApi, 'workspace' | 'batchApprove'> };
  taskId: number;
  classId: number;
  /** Only these essays (the writing list's selection); all pending essays when absent. */
  essayIds?: number[];
  onOpenEssay?(essayId: number): void;
  /** Where popups (image preview, dialogs) mount inside a shadow root. */
  getContainer?: () => HTMLElement;
}

/**
 * Batch review (/homework/situation/Review): the essays the AI has finished and the teacher has not
 * approved, as cards with the first page, AI score, the start of the AI comment and any flags. The
 * teacher selects many and approves them in one go (an essay without a teacher comment is skipped unless
 * the teacher ticks "use the AI comment as mine" in the dialog); the result lists what was approved and what was skipped, with the reasons.
 */
export function BatchReview({ api, taskId, classId, essayIds, onOpenEssay, getContainer }: BatchReviewProps) {
  const t = useT();
  const { modal } = App.useApp();
  const list = useAsync(() => api.essays.list(taskId, classId), [api.essays, taskId, classId]);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchResult | null>(null);

  const { pending, rowOf } = useMemo(() => {
    const rows = list.data?.students ?? [];
    const only = essayIds?.length ? new Set(essayIds) : null;
    const byEssay = new Map<number, WritingRow>();
    for (const r of rows) for (const e of r.essays) byEssay.set(e.id, r);
    return { pending: pendingReviewIds(rows).filter((id) => !only || only.has(id)), rowOf: byEssay };
  }, [list.data, essayIds]);
  const cards = useReviewCards(api.review, pending);
  const nameOf = (id: number) => rowOf.get(id)?.name ?? `#${id}`;

  const approve = async (ids: number[], confirmPendingRevision: boolean, useAiComment: boolean) => {
    setBusy(true);
    try {
      const answer = await api.review.batchApprove({ essayIds: ids, confirmPendingRevision, useAiComment });
      setResult(answer);
      setSelected([]);
      await list.reload();
    } finally {
      setBusy(false);
    }
  };
  const askApprove = () => {
    const withRevision = selected.filter((id) => {
      const c = cards.get(id);
      return c && c !== 'failed' && c.revisionPending;
    });
    // Essays without a comment of the teacher's would be skipped: the dialog says how many before the
    // teacher confirms, and its button counts what will really be approved. The AI comment becomes the
    // teacher's only by this visible, unticked-by-default choice.
    const missing = selected.filter((id) => {
      const c = cards.get(id);
      return c && c !== 'failed' && !c.hasTeacherComment;
    }).length;
    let useAiComment = false;
    const button = () => ({
      okText: t('batchReview.approveCount', { count: useAiComment ? selected.length : selected.length - missing }),
      okButtonProps: { disabled: !useAiComment && missing === selected.length, 'data-testid': 'review-confirm-ok' },
    });
    const dialog = modal.confirm({
      title: t('batchReview.confirmTitle', { count: selected.length }),
      icon: <ExclamationCircleOutlined />,
      content: (
        <Space orientation="vertical">
          {missing > 0 ? <Alert type="warning" showIcon title={t('batchReview.missingComments', { count: missing })} data-testid="review-missing-comments" /> : <span>{t('batchReview.confirmAiComment')}</span>}
          <Checkbox
            onChange={(e) => {
              useAiComment = e.target.checked;
              dialog.update(button());
            }}
            data-testid="review-use-ai-comment"
          >
            {t('batchReview.useAiComment')}
          </Checkbox>
          {withRevision.length > 0 && <Alert type="warning" showIcon title={t('batchReview.confirmRevision', { names: withRevision.map(nameOf).join('、') })} />}
        </Space>
      ),
      ...button(),
      cancelText: t('common.cancel'),
      getContainer,
      onOk: () => approve(selected, withRevision.length > 0, useAiComment),
    });
  };

  if (list.loading && !list.data) return <Skeleton active />;
  const allSelected = pending.length > 0 && selected.length === pending.length;

  return (
    <div className="zp-batch-review" data-testid="batch-review-page">
      <style>{styles}</style>
      <div className="zp-batch-review-bar">
        <Space wrap>
          <Checkbox checked={allSelected} indeterminate={selected.length > 0 && !allSelected} disabled={pending.length === 0} onChange={(e) => setSelected(e.target.checked ? pending : [])} data-testid="review-select-all">
            {t('batchReview.selectAll', { count: pending.length })}
          </Checkbox>
          <Typography.Text type="secondary">{t('writingList.selected', { count: selected.length })}</Typography.Text>
        </Space>
        <Button type="primary" icon={<CheckOutlined />} disabled={selected.length === 0} loading={busy} onClick={askApprove} data-testid="review-approve">
          {t('batchReview.approveSelected', { count: selected.length })}
        </Button>
      </div>
      {pending.length === 0 ? (
        <Empty description={t('batchReview.none')} />
      ) : (
        <div className="zp-review-cards">
          {pending.map((id) => {
            const card = cards.get(id);
            const row = rowOf.get(id);
            const chosen = selected.includes(id);
            const toggle = () => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
            return (
              <article key={id} className={`zp-review-card${chosen ? ' zp-review-card-selected' : ''}`} data-testid="review-card">
                <div className="zp-review-thumb">
                  {card && card !== 'failed' && card.thumbnail ? (
                    <PageImage src={card.thumbnail} rotation={card.thumbnailRotation} alt={nameOf(id)} width="100%" height={180} cover preview={{ getContainer: getContainer ?? false }} />
                  ) : card === undefined ? (
                    <Skeleton.Image active />
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batchReview.noImage')} />
                  )}
                </div>
                <div className="zp-review-card-body" onClick={toggle} role="presentation">
                  <div className="zp-review-card-head">
                    <Checkbox checked={chosen} onClick={(e) => e.stopPropagation()} onChange={toggle} data-testid="review-card-select">
                      <strong>{nameOf(id)}</strong> <Typography.Text type="secondary">{row?.studentNo}</Typography.Text>
                    </Checkbox>
                    <span className="zp-review-score" title={t('writing.aiScore')}>
                      {card && card !== 'failed' ? (card.aiScore ?? '—') : (latestEssay(row!)?.aiScore ?? '—')}
                    </span>
                  </div>
                  <Space size={[4, 4]} wrap>
                    {row && latestEssay(row)!.draft > 0 && <Tag color="purple">{t(`upload.draft${Math.min(latestEssay(row)!.draft, 2)}` as 'upload.draft0')}</Tag>}
                    {card && card !== 'failed' && card.wordCount !== null && <Tag>{t('batchReview.words', { count: card.wordCount })}</Tag>}
                    {card && card !== 'failed' && card.revisionPending && <Tag color="orange">{t('batchReview.revisionPending')}</Tag>}
                    {card && card !== 'failed' && card.flags.map((f) => <Tag color="red" key={f}>{f}</Tag>)}
                  </Space>
                  <div className="zp-review-excerpt">
                    <Typography.Text type="secondary">{t('batchReview.aiCommentLabel')}：</Typography.Text>
                    {card === 'failed' ? t('batchReview.loadFailed') : card ? card.excerpt || t('batchReview.noComment') : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
                  </div>
                </div>
                {onOpenEssay && (
                  <div className="zp-review-card-foot">
                    <span />
                    <Button size="small" icon={<EditOutlined />} onClick={() => onOpenEssay(id)} data-testid="review-open">
                      {t('batchReview.open')}
                    </Button>
                  </div>
                )}
              </article>
            );
          })}
        </div>
      )}
      {result && (
        <Modal open title={t('batchReview.resultTitle')} onOk={() => setResult(null)} onCancel={() => setResult(null)} okText={t('common.ok')} cancelButtonProps={{ style: { display: 'none' } }} getContainer={getContainer}>
          <BatchResultList result={result} nameOf={nameOf} />
        </Modal>
      )}
    </div>
  );
}
