import type { BatchResult } from '../../core/api/contracts/review';
import { translate, type Lang } from '../../core/i18n';
import { AppError } from '../errors';

/**
 * A batch over essays (batch approval, revision requests): each essay once, in order; an expected
 * refusal (an AppError below 500) skips that essay with its code and message, anything else stops
 * the batch.
 */
export async function eachEssay(essayIds: number[], lang: Lang, work: (essayId: number) => Promise<void>): Promise<BatchResult> {
  const done: number[] = [];
  const skipped: BatchResult['skipped'] = [];
  for (const essayId of [...new Set(essayIds)]) {
    try {
      await work(essayId);
      done.push(essayId);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      skipped.push({ essayId, code: err.error, message: translate(lang, err.messageKey, err.params) });
    }
  }
  return { done, skipped };
}
