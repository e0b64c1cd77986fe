import { z } from 'zod';
import { paged } from './paging';
import { COMMENT_DIMENSIONS, COMMENT_GENRES, MAX_LIBRARY_COMMENT } from './zod-free';
export { COMMENT_DIMENSIONS, COMMENT_GENRES, MAX_LIBRARY_COMMENT } from './zod-free';

/** Comment library (product-rules.md#entities): positive and reverse comments with tags, core, genre, mine and public. */

export const COMMENT_KINDS = ['positive', 'reverse'] as const;
export const COMMENT_SCOPES = ['all', 'public', 'mine'] as const;

export const libraryComment = z.object({
  id: z.number().int(),
  kind: z.enum(COMMENT_KINDS),
  dimension: z.enum(COMMENT_DIMENSIONS),
  genre: z.enum(COMMENT_GENRES),
  core: z.boolean(),
  tags: z.array(z.string()),
  text: z.string(),
  /** public (shipped with the product) or mine (the caller's own) */
  scope: z.enum(['public', 'mine']),
  useCount: z.number().int(),
});
export type LibraryComment = z.infer<typeof libraryComment>;

export const commentListQuery = z.object({
  scope: z.enum(COMMENT_SCOPES).default('all'),
  kind: z.enum(COMMENT_KINDS).optional(),
  dimension: z.enum(COMMENT_DIMENSIONS).optional(),
  /** comments fitting this genre: its own and the general ones ('any' alone: only the general ones) */
  genre: z.enum(COMMENT_GENRES).optional(),
  /** 'true' / 'false' ('1' / '0'); z.coerce.boolean would read 'false' as true */
  core: z.stringbool().optional(),
  tag: z.string().trim().max(20).optional(),
  /** words searched in the text and tags */
  q: z.string().trim().max(50).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const commentList = paged(libraryComment);

/** Save a teacher's own comment (one click from the comment box); a duplicate of one of theirs is returned as is. */
export const saveCommentBody = z.object({
  text: z.string().trim().min(1, { error: 'review.commentEmpty' }).max(MAX_LIBRARY_COMMENT, { error: 'library.tooLong' }),
  kind: z.enum(COMMENT_KINDS).default('positive'),
  dimension: z.enum(COMMENT_DIMENSIONS).default('overall'),
  genre: z.enum(COMMENT_GENRES).default('any'),
  tags: z.array(z.string().trim().min(1).max(20)).max(8).default([]),
});
/** Tags in use (public and the caller's), for the filter. */
export const commentTags = z.array(z.object({ tag: z.string(), count: z.number().int() }));
