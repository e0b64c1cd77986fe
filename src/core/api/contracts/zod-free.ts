/**
 * Constants of the contracts that browser code uses without the schemas. Every contract file builds
 * zod schemas at load, so importing one constant from it brings all of zod (about 20 kB brotli) into
 * the partner-portal elements, which never validate; the contract files re-export these.
 */

/**
 * Labels of product-rules.md#entities on the lists: not submitted, abnormal, pending review (AI done), reviewed
 * (approved), revised draft (a revision was asked for or a revised draft is in), submitted, unmatched image.
 */
export const ESSAY_LABELS = ['notSubmitted', 'submitted', 'abnormal', 'pendingReview', 'reviewed', 'awaitingRevision', 'revisedDraft', 'unmatchedImage'] as const;
export type EssayLabel = (typeof ESSAY_LABELS)[number];

/** Longest teacher comment the server accepts. */
export const MAX_TEACHER_COMMENT = 2000;

/** Longest library comment. */
export const MAX_LIBRARY_COMMENT = 300;

export const COMMENT_GENRES = ['any', 'narrative', 'argumentative', 'expository', 'practical'] as const;
/** Scoring dimension ids of src/correction (theme, content, ...) or overall. */
export const COMMENT_DIMENSIONS = ['overall', 'theme', 'content', 'structure', 'language', 'rhetoric', 'mechanics', 'description', 'emotion', 'creativity', 'genre'] as const;
