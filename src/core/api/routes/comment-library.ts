import type * as c from '../contracts/comment-library';
import type { idParams } from '../contracts/paging';
import type { idQuery } from '../contracts/paging';
import type * as shapes from '../contracts/shapes/comment-library';
import { route } from './route';

/** /platform-management: comment-library.ts routes. */
export const commentLibrary = {
  list: route<{ query: typeof c.commentListQuery; answer: typeof c.commentList }>('GET', '/platform-management/commentLibrary/list', {
    summary: "Comments of the public library and the caller’s own (scope all|public|mine), filtered by kind, dimension, genre, core, tag and words searched in text and tags; core first, then the most used",
    tags: ["platform-management: comment library"],
  }),
  tags: route<{ answer: typeof c.commentTags }>('GET', '/platform-management/commentLibrary/tags', {
    summary: "Tags of the comments the caller sees, with how many comments carry each",
    tags: ["platform-management: comment library"],
  }),
  save: route<{ body: typeof c.saveCommentBody; answer: typeof c.libraryComment }>('POST', '/platform-management/commentLibrary/save', {
    summary: "Save a comment to the caller’s own library (one click from the comment box); the same text again returns the existing one",
    tags: ["platform-management: comment library"],
  }),
  use: route<{ params: typeof idParams; answer: typeof c.libraryComment }>('POST', '/platform-management/commentLibrary/use/:id', {
    summary: "Count one use of a comment the caller sees (inserted into a comment or attached to a sentence)",
    tags: ["platform-management: comment library"],
    errors: [404],
  }),
  del: route<{ query: typeof idQuery; answer: typeof shapes.delAnswer }>('DELETE', '/platform-management/commentLibrary/del', {
    summary: "Delete one of the caller’s own comments (public and other teachers’ comments: 404)",
    tags: ["platform-management: comment library"],
    errors: [404],
  }),
};
