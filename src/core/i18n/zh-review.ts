/** Chinese text of the review-api area (issue 6/7). */
export const zhReview = {
} as const;
