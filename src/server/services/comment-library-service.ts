import type { LibraryComment } from '../../core/api/contracts/comment-library';
import type { Paged } from '../../core/api/contracts/paging';
import { notFound } from '../errors';
import { libraryCommentsRepo, type LibraryCommentRow } from '../repositories/library-comments';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';

export interface CommentListInput {
  scope: 'all' | 'public' | 'mine';
  kind?: LibraryComment['kind'] | undefined;
  dimension?: LibraryComment['dimension'] | undefined;
  genre?: LibraryComment['genre'] | undefined;
  core?: boolean | undefined;
  tag?: string | undefined;
  q?: string | undefined;
  pageNum: number;
  pageSize: number;
}
export interface SaveCommentInput {
  text: string;
  kind: LibraryComment['kind'];
  dimension: LibraryComment['dimension'];
  genre: LibraryComment['genre'];
  tags: string[];
}

/**
 * The comment library (product-rules.md#entities): the public library shipped with the product and each teacher's own
 * comments ("mine", per identity). Reading needs task.query, saving, counting a use and deleting need
 * task.edit; a teacher's own comments are invisible to everyone else (404).
 */
export function commentLibraryService(deps: ServiceDeps) {
  const db = deps.db;
  const canRead = (auth: AuthContext) => requireAny(auth, ['task', 'query']);
  const canWrite = (auth: AuthContext) => requireAny(auth, ['task', 'edit']);

  const view = (auth: AuthContext, r: LibraryCommentRow): LibraryComment => ({
    id: r.id,
    kind: r.kind as LibraryComment['kind'],
    dimension: r.dimension as LibraryComment['dimension'],
    genre: r.genre as LibraryComment['genre'],
    core: r.core,
    tags: Array.isArray(r.tags) ? (r.tags as string[]) : [],
    text: r.text,
    scope: r.ownerIdentityId === auth.identity.id ? 'mine' : 'public',
    useCount: r.useCount,
  });

  return {
    async list(auth: AuthContext, q: CommentListInput): Promise<Paged<LibraryComment>> {
      canRead(auth);
      const words = (q.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
      const { rows, total } = await libraryCommentsRepo.page(
        db,
        { identityId: auth.identity.id, schoolId: auth.school.id, scope: q.scope, kind: q.kind, dimension: q.dimension, genre: q.genre, core: q.core, tag: q.tag || undefined, words },
        q.pageNum,
        q.pageSize,
      );
      return { list: rows.map((r) => view(auth, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    async tags(auth: AuthContext) {
      canRead(auth);
      return libraryCommentsRepo.tags(db, auth.identity.id);
    },
    /** Saves the caller's own comment; the same text saved again returns the comment they already have. */
    async save(auth: AuthContext, body: SaveCommentInput): Promise<LibraryComment> {
      canWrite(auth);
      const text = body.text.trim();
      const existing = await libraryCommentsRepo.findOwnByText(db, auth.identity.id, text);
      if (existing) return view(auth, existing);
      const row = await libraryCommentsRepo.insert(db, {
        schoolId: auth.school.id,
        ownerIdentityId: auth.identity.id,
        kind: body.kind,
        dimension: body.dimension,
        genre: body.genre,
        core: false,
        tags: [...new Set(body.tags.map((t) => t.trim()).filter(Boolean))],
        text,
      });
      return view(auth, row);
    },
    /** Counts one use (inserted into a comment or attached to a sentence); only comments the caller sees. */
    async use(auth: AuthContext, id: number): Promise<LibraryComment> {
      canWrite(auth);
      const row = await libraryCommentsRepo.countUse(db, auth.identity.id, auth.school.id, id);
      if (!row) throw notFound();
      return view(auth, row);
    },
    /** Deletes one of the caller's own comments; public ones and other teachers' are 404. */
    async remove(auth: AuthContext, id: number): Promise<{ deleted: number }> {
      canWrite(auth);
      if (!(await libraryCommentsRepo.deleteOwn(db, auth.identity.id, id, deps.now()))) throw notFound();
      return { deleted: 1 };
    },
  };
}
export type CommentLibraryService = ReturnType<typeof commentLibraryService>;
