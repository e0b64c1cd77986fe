import { and, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { libraryComments } from '../db/schema';
import { PUBLIC_COMMENT_ROWS } from './comment-library-data';

/**
 * Upserts the public comment library by seed key (safe at every start): text, kind, dimension, genre,
 * core and tags follow the shipped data, use counts stay. A key dropped from the data is soft-deleted.
 */
export async function seedCommentLibrary(db: Executor, now = new Date()): Promise<number> {
  const values = PUBLIC_COMMENT_ROWS.map(([seedKey, kind, dimension, genre, core, tags, text]) => ({
    seedKey,
    kind: kind === '+' ? 'positive' : 'reverse',
    dimension,
    genre,
    core,
    tags: tags.split(' ').filter(Boolean),
    text,
    schoolId: null,
    ownerIdentityId: null,
  }));
  await db
    .insert(libraryComments)
    .values(values)
    .onConflictDoUpdate({
      target: libraryComments.seedKey,
      set: { kind: sql`excluded.kind`, dimension: sql`excluded.dimension`, genre: sql`excluded.genre`, core: sql`excluded.core`, tags: sql`excluded.tags`, text: sql`excluded.text`, deletedAt: null },
    });
  await db
    .update(libraryComments)
    .set({ deletedAt: now })
    .where(and(isNotNull(libraryComments.seedKey), notInArray(libraryComments.seedKey, values.map((v) => v.seedKey)), sql`${libraryComments.deletedAt} is null`));
  return values.length;
}
