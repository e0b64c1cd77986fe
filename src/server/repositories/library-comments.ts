import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { libraryCommentUses, libraryComments } from '../db/schema';

export type LibraryCommentRow = typeof libraryComments.$inferSelect;

export interface CommentFilter {
  /** the caller's identity: "mine" are its comments; nobody else's private comments are ever visible */
  identityId: number;
  /** the caller's school: use counts are this school's */
  schoolId: number;
  scope: 'all' | 'public' | 'mine';
  kind?: string | undefined;
  dimension?: string | undefined;
  genre?: string | undefined;
  core?: boolean | undefined;
  tag?: string | undefined;
  /** every word must appear in the text or in one of the tags */
  words?: string[] | undefined;
}

const like = (w: string) => `%${w.replace(/[%_\\]/g, '\\$&')}%`;
const isPublic = () => and(isNull(libraryComments.schoolId), isNull(libraryComments.ownerIdentityId))!;
const isMine = (identityId: number) => eq(libraryComments.ownerIdentityId, identityId);

/** Live comments the identity may see: the public library and its own. */
function visible(identityId: number): SQL {
  return and(isNull(libraryComments.deletedAt), or(isPublic(), isMine(identityId)))!;
}

function where(f: CommentFilter): SQL {
  const parts: (SQL | undefined)[] = [visible(f.identityId)];
  if (f.scope === 'public') parts.push(isPublic());
  if (f.scope === 'mine') parts.push(isMine(f.identityId));
  if (f.kind) parts.push(eq(libraryComments.kind, f.kind));
  if (f.dimension) parts.push(eq(libraryComments.dimension, f.dimension));
  // A genre means "fits this genre": its own comments and the general ones (通用); 'any' alone lists only the general ones.
  if (f.genre) parts.push(f.genre === 'any' ? eq(libraryComments.genre, 'any') : inArray(libraryComments.genre, [f.genre, 'any']));
  if (f.core !== undefined) parts.push(eq(libraryComments.core, f.core));
  if (f.tag) parts.push(sql`${libraryComments.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
  for (const w of f.words ?? []) {
    parts.push(sql`(${libraryComments.text} ilike ${like(w)} or exists (select 1 from jsonb_array_elements_text(${libraryComments.tags}) as t(tag) where t.tag ilike ${like(w)}))`);
  }
  return and(...parts)!;
}

/** A comment with the use count of one school (public comments are shared, their counts are not). */
const withUses = () => ({ ...getTableColumns(libraryComments), useCount: sql<number>`coalesce(${libraryCommentUses.uses}, 0)::int` });
const usesOf = (schoolId: number) => and(eq(libraryCommentUses.commentId, libraryComments.id), eq(libraryCommentUses.schoolId, schoolId));

/** SQL of the comment library (public comments and teachers' own). */
export const libraryCommentsRepo = {
  /** Core comments first, then the most used, then in library order. */
  async page(db: Executor, f: CommentFilter, pageNum: number, pageSize: number): Promise<{ rows: LibraryCommentRow[]; total: number }> {
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(libraryComments).where(where(f));
    const rows = await db
      .select(withUses())
      .from(libraryComments)
      .leftJoin(libraryCommentUses, usesOf(f.schoolId))
      .where(where(f))
      .orderBy(desc(libraryComments.core), desc(sql`coalesce(${libraryCommentUses.uses}, 0)`), asc(libraryComments.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  /** Tags of the comments the identity sees, most used first. */
  tags(db: Executor, identityId: number): Promise<{ tag: string; count: number }[]> {
    const t = sql`jsonb_array_elements_text(${libraryComments.tags})`;
    return db
      .select({ tag: sql<string>`${t}`.as('tag'), count: sql<number>`count(*)::int`.as('count') })
      .from(libraryComments)
      .where(visible(identityId))
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1 asc`);
  },
  async findVisible(db: Executor, identityId: number, id: number): Promise<LibraryCommentRow | undefined> {
    const [row] = await db.select().from(libraryComments).where(and(visible(identityId), eq(libraryComments.id, id)));
    return row;
  },
  async findOwnByText(db: Executor, identityId: number, text: string): Promise<LibraryCommentRow | undefined> {
    const [row] = await db
      .select()
      .from(libraryComments)
      .where(and(isNull(libraryComments.deletedAt), isMine(identityId), eq(libraryComments.text, text)))
      .orderBy(asc(libraryComments.id))
      .limit(1);
    return row;
  },
  async insert(db: Executor, values: typeof libraryComments.$inferInsert): Promise<LibraryCommentRow> {
    const [row] = await db.insert(libraryComments).values(values).returning();
    return row!;
  },
  /** One more use of a visible comment by the school (its own count); undefined when the identity cannot see it. */
  async countUse(db: Executor, identityId: number, schoolId: number, id: number): Promise<LibraryCommentRow | undefined> {
    const [row] = await db.select().from(libraryComments).where(and(visible(identityId), eq(libraryComments.id, id)));
    if (!row) return undefined;
    const [u] = await db
      .insert(libraryCommentUses)
      .values({ commentId: id, schoolId, uses: 1 })
      .onConflictDoUpdate({ target: [libraryCommentUses.commentId, libraryCommentUses.schoolId], set: { uses: sql`${libraryCommentUses.uses} + 1` } })
      .returning({ uses: libraryCommentUses.uses });
    return { ...row, useCount: u!.uses };
  },
  /** Soft-deletes one of the identity's own comments; false when it is not theirs (or gone). */
  async deleteOwn(db: Executor, identityId: number, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(libraryComments)
      .set({ deletedAt: at })
      .where(and(isNull(libraryComments.deletedAt), isMine(identityId), eq(libraryComments.id, id)))
      .returning({ id: libraryComments.id });
    return rows.length > 0;
  },
};
