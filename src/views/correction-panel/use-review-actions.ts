import { useCallback, useState } from 'react';
import { App } from 'antd';
import { ApiError } from '../../core/api/client';
import type { EssayReview, RevisionMode, ReviewWorkspace } from '../../core/api/contracts/review';
import type { CommentLibraryApi } from '../../core/api/endpoints/comment-library';
import type { CorrectionApi } from '../../core/api/endpoints/correction';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useT } from '../i18n/i18n-context';
import { dimensionProblem, totalProblem } from './score-input';
import type { ReviewDraft } from './use-review-draft';

export interface PanelApi {
  review: ReviewApi;
  correction: CorrectionApi;
  library: CommentLibraryApi;
}

type Busy = 'approve' | 'cancelApproval' | 'rerun' | 'vision' | 'insist' | 'revision' | 'cancelRevision' | 'transcript' | 'neighbour' | null;

interface Deps {
  api: PanelApi;
  ws: ReviewWorkspace | null;
  draft: ReviewDraft | null;
  readonly: boolean;
  saveNow(): Promise<boolean>;
  markSaved(): void;
  reload(): Promise<ReviewWorkspace | null>;
  patchReview(review: EssayReview): void;
  /** an AI run was queued: follow its job */
  onQueued(): void;
  onCommentEmpty(): void;
  onApproved?(review: EssayReview): void;
  onNeighbour(essayId: number): void;
  /** the essay is gone (discarded with a revision request) and no classmate is left to show */
  onGone(): void;
}

const errorOf = (err: unknown) => (err instanceof ApiError ? err : null);

/**
 * The review rules of product-rules.md#states as the panel applies them: approval (teacher comment required, AI
 * review done, a pending revision request confirmed), its cancellation, re-running the AI (refused
 * while approved; teacher edits overwritten only after confirmation), "correct anyway", revised-draft
 * requests and their cancellation (confirmed), and moving to a classmate.
 */
export function useReviewActions(d: Deps) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<Busy>(null);
  const essayId = d.ws?.essay.id;

  const approve = useCallback(
    async (confirmPendingRevision = false): Promise<void> => {
      const ws = d.ws;
      const draft = d.draft;
      if (!ws || !draft || d.readonly || busy) return;
      if (!draft.teacherComment.trim()) {
        d.onCommentEmpty();
        void message.error(t('review.commentEmpty'));
        return;
      }
      if (ws.correction.status !== 'done') {
        void message.warning(t('review.aiNotDone'));
        return;
      }
      const problem = draft.scores.map((s) => dimensionProblem(ws.task, s)).find(Boolean) ?? totalProblem(ws.task, draft.teacherScore);
      if (problem) {
        void message.error(t(problem.key, problem.params));
        return;
      }
      setBusy('approve');
      try {
        const review = await d.api.review.approve({
          essayId: ws.essay.id,
          teacherComment: draft.teacherComment,
          dimensionScores: draft.scores.filter((s) => s.value !== undefined || s.label !== undefined),
          ...(draft.teacherScore ? { teacherScore: draft.teacherScore } : {}),
          confirmPendingRevision,
        });
        d.markSaved();
        d.patchReview(review);
        void message.success(t('panel.approvedDone'));
        d.onApproved?.(review);
        void d.reload();
      } catch (err) {
        const e = errorOf(err);
        if (e?.error === 'REVISION_PENDING' && !confirmPendingRevision) {
          modal.confirm({
            title: t('panel.approvePendingTitle'),
            content: e.message,
            okText: t('panel.approve'),
            cancelText: t('common.cancel'),
            autoFocusButton: null,
            onOk: () => approve(true),
          });
        } else if (e?.error === 'COMMENT_EMPTY') {
          d.onCommentEmpty();
          void message.error(e.message);
        } else if (e) void message.error(e.showMsg ?? e.message);
      } finally {
        setBusy(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [d.ws, d.draft, d.readonly, busy, d.api, t],
  );

  const cancelApproval = useCallback(async () => {
    if (!essayId || busy) return;
    setBusy('cancelApproval');
    try {
      const review = await d.api.review.cancelApproval(essayId);
      d.patchReview(review);
      void message.success(t('panel.approvalCancelled'));
      await d.reload();
    } catch {
      // the client showed why
    } finally {
      setBusy(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [essayId, busy, d.api]);

  const queue = async (run: () => Promise<unknown>, kind: 'rerun' | 'vision' | 'insist') => {
    setBusy(kind);
    try {
      await run();
      void message.info(t('panel.aiQueued'));
      d.onQueued();
      await d.reload();
    } finally {
      setBusy(null);
    }
  };

  /** the AI review again; `vision`: the pages read again by the school's vision model first (shown only when it has one) */
  const rerun = useCallback(async (via: 'rerun' | 'vision' = 'rerun') => {
    const ws = d.ws;
    if (!ws || d.readonly || busy) return;
    if (ws.review.approved) {
      void message.warning(t('panel.cancelApprovalFirst'));
      return;
    }
    await d.saveNow();
    const send = (confirm: boolean) => (via === 'vision' ? d.api.correction.visionRead(ws.essay.id, confirm) : d.api.correction.rerun(ws.essay.id, confirm));
    try {
      await queue(() => send(false), via);
    } catch (err) {
      const e = errorOf(err);
      if (e?.error === 'CONFIRM_OVERWRITE') {
        modal.confirm({
          title: t('panel.rerunConfirmTitle'),
          content: t('panel.rerunConfirm'),
          okText: t('panel.rerunOk'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          autoFocusButton: null,
          onOk: () => queue(() => send(true), via).catch((x) => void message.error(errorOf(x)?.message ?? String(x))),
        });
      } else if (e) void message.warning(e.showMsg ?? e.message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d.ws, d.readonly, busy, d.api]);

  const insist = useCallback(async () => {
    if (!essayId || d.readonly || busy) return;
    await queue(() => d.api.correction.insist(essayId), 'insist').catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [essayId, d.readonly, busy, d.api]);

  const requestRevision = useCallback(
    async (mode: RevisionMode, text: string): Promise<boolean> => {
      if (!essayId || busy) return false;
      setBusy('revision');
      try {
        await d.saveNow();
        const r = await d.api.review.requestRevision({ essayIds: [essayId], mode, message: text });
        const skipped = r.skipped.find((s) => s.essayId === essayId);
        if (skipped) {
          void message.warning(skipped.message);
          return false;
        }
        void message.success(t('panel.revisionRequested'));
        if (mode === 'discard') {
          // the essay and its comment are discarded: carry on with a classmate
          const ws = d.ws;
          const other = ws?.next ?? ws?.previous;
          if (other) d.onNeighbour(other.essayId);
          else d.onGone();
        } else await d.reload();
        return true;
      } catch {
        return false;
      } finally {
        setBusy(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [essayId, busy, d.api, d.ws],
  );

  const cancelRevision = useCallback(() => {
    if (!essayId || busy) return;
    modal.confirm({
      title: t('panel.cancelRevisionTitle'),
      content: t('revision.confirmRequired'),
      okText: t('panel.cancelRevision'),
      cancelText: t('common.cancel'),
      autoFocusButton: null,
      onOk: async () => {
        setBusy('cancelRevision');
        try {
          await d.api.review.cancelRevision(essayId, true);
          void message.success(t('panel.revisionCancelled'));
          await d.reload();
        } catch {
          // the client showed why
        } finally {
          setBusy(null);
        }
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [essayId, busy, d.api]);

  const neighbour = useCallback(
    async (direction: 'previous' | 'next') => {
      if (!essayId || busy) return;
      setBusy('neighbour');
      try {
        await d.saveNow();
        const c = await d.api.review.neighbour(essayId, direction);
        d.onNeighbour(c.essayId);
      } catch (err) {
        // 'The current student is already the first/last one' comes from the server (the call is silent)
        const e = errorOf(err);
        if (e) void message.warning(e.showMsg ?? e.message);
      } finally {
        setBusy(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [essayId, busy, d.api],
  );

  const saveTranscript = useCallback(
    async (text: string): Promise<ReviewWorkspace | null> => {
      if (!essayId || d.readonly) return null;
      setBusy('transcript');
      try {
        await d.saveNow();
        const fresh = await d.api.review.saveTranscript({ essayId, transcript: text });
        void message.success(t('panel.transcriptSaved'));
        return fresh;
      } catch {
        return null;
      } finally {
        setBusy(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [essayId, d.readonly, d.api],
  );

  return { busy, approve, cancelApproval, rerun, insist, requestRevision, cancelRevision, neighbour, saveTranscript };
}
