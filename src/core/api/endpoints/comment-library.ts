import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/comment-library';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** The comment library: search public and own comments, save one's own, count uses, delete one's own. */
export function commentLibraryApi(client: ApiClient) {
  return {
    list: (query: Partial<Out<typeof c.commentListQuery>> = {}) => client.get<Out<typeof c.commentList>>(`${MGMT}/commentLibrary/list`, { query: { ...query } }),
    tags: () => client.get<Out<typeof c.commentTags>>(`${MGMT}/commentLibrary/tags`),
    save: (body: In<typeof c.saveCommentBody>) => client.post<Out<typeof c.libraryComment>>(`${MGMT}/commentLibrary/save`, body),
    use: (id: number) => client.post<Out<typeof c.libraryComment>>(`${MGMT}/commentLibrary/use/${id}`, {}, { silent: true }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/commentLibrary/del`, { query: { id } }),
  };
}
export type CommentLibraryApi = ReturnType<typeof commentLibraryApi>;
