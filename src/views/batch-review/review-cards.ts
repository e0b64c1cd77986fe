import { useEffect, useState } from 'react';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';

/** What a batch review card shows of one essay. */
export interface ReviewCard {
  essayId: number;
  thumbnail: string | null;
  /** clockwise turn that shows the thumbnail's page upright */
  thumbnailRotation: number;
  pageCount: number;
  aiScore: string | null;
  wordCount: number | null;
  /** the AI's overall comment, shortened for the card */
  excerpt: string;
  flags: string[];
  revisionPending: boolean;
  /** the teacher has written a comment of their own (else approval needs the AI's adopted) */
  hasTeacherComment: boolean;
}

/** Longest AI comment excerpt on a card, in characters. */
export const EXCERPT_CHARS = 90;

export function excerpt(text: string | null | undefined, max = EXCERPT_CHARS): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : clean;
}

export function toReviewCard(w: ReviewWorkspace): ReviewCard {
  return {
    essayId: w.essay.id,
    thumbnail: w.essay.pages[0]?.url ?? null,
    thumbnailRotation: w.essay.pages[0]?.rotation ?? 0,
    pageCount: w.essay.pages.length,
    aiScore: w.correction.aiScore,
    wordCount: w.correction.wordCount,
    excerpt: excerpt(w.correction.result?.comments.overall),
    flags: w.correction.flags.map((f) => f.label),
    revisionPending: w.revision?.status === 'pending',
    hasTeacherComment: w.review.teacherComment.trim() !== '',
  };
}

/** Essays loaded at once: enough to fill the first screen quickly without flooding the server. */
const PARALLEL = 4;

/**
 * Loads the card of each essay (its review workspace: pages, AI result, pending revision), a few at a
 * time, so cards appear as they arrive; essays already loaded are not fetched again.
 */
export function useReviewCards(review: Pick<ReviewApi, 'workspace'>, essayIds: readonly number[]) {
  const [cards, setCards] = useState<ReadonlyMap<number, ReviewCard | 'failed'>>(new Map());
  const key = essayIds.join(',');
  useEffect(() => {
    let live = true;
    const queue = essayIds.filter((id) => !cards.has(id));
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && live; id = queue.shift()) {
        const card = await review.workspace(id).then(toReviewCard, () => 'failed' as const);
        if (live) setCards((m) => new Map(m).set(id, card));
      }
    };
    void Promise.all(Array.from({ length: PARALLEL }, worker));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [review, key]);
  return cards;
}
