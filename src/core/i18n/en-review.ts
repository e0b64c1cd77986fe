import type { zhReview } from './zh-review';

/** English text of the review-api area. */
export const enReview: Record<keyof typeof zhReview, string> = {
};
