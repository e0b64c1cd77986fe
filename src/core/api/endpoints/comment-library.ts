import type { z } from 'zod';
import type { ApiClient } from '../client';
import { commentLibrary as commentLibraryRoutes } from '../routes/comment-library';
import type * as c from '../contracts/comment-library';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** The comment library: search public and own comments, save one's own, count uses, delete one's own. */
export function commentLibraryApi(client: ApiClient) {
  return {
    list: (query: Partial<Out<typeof c.commentListQuery>> = {}) => client.call(commentLibraryRoutes.list, { query: { ...query, core: query.core === undefined ? undefined : String(query.core) } }),
    tags: () => client.call(commentLibraryRoutes.tags),
    save: (body: In<typeof c.saveCommentBody>) => client.call(commentLibraryRoutes.save, { body }),
    use: (id: number) => client.call(commentLibraryRoutes.use, { params: { id } }, { silent: true }),
    remove: (id: number) => client.call(commentLibraryRoutes.del, { query: { id } }),
  };
}
export type CommentLibraryApi = ReturnType<typeof commentLibraryApi>;
