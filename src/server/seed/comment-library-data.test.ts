import { describe, expect, it } from 'vitest';
import { COMMENT_DIMENSIONS, COMMENT_GENRES, MAX_LIBRARY_COMMENT } from '../../core/api/contracts/comment-library';
import { PUBLIC_COMMENT_ROWS } from './comment-library-data';

const rows = PUBLIC_COMMENT_ROWS.map(([key, kind, dimension, genre, core, tags, text]) => ({ key, kind, dimension, genre, core, tags: tags.split(' ').filter(Boolean), text }));
const count = (pred: (r: (typeof rows)[number]) => boolean) => rows.filter(pred).length;

describe('public comment library data', () => {
  it('holds at least 180 comments, about 25 of them core', () => {
    expect(rows.length).toBeGreaterThanOrEqual(180);
    expect(count((r) => r.core)).toBeGreaterThanOrEqual(20);
    expect(count((r) => r.core)).toBeLessThanOrEqual(30);
  });

  it('balances positive and reverse comments', () => {
    expect(count((r) => r.kind === '+')).toBeGreaterThanOrEqual(80);
    expect(count((r) => r.kind === '-')).toBeGreaterThanOrEqual(80);
  });

  it('covers every dimension with both kinds', () => {
    for (const d of COMMENT_DIMENSIONS) {
      expect(count((r) => r.dimension === d && r.kind === '+'), `${d} +`).toBeGreaterThanOrEqual(5);
      expect(count((r) => r.dimension === d && r.kind === '-'), `${d} -`).toBeGreaterThanOrEqual(5);
    }
  });

  it('covers every genre, with genre-specific comments for each kind of essay', () => {
    const minimum: Record<(typeof COMMENT_GENRES)[number], number> = { any: 100, narrative: 12, argumentative: 15, expository: 12, practical: 10 };
    for (const g of COMMENT_GENRES) expect(count((r) => r.genre === g), g).toBeGreaterThanOrEqual(minimum[g]);
    for (const g of COMMENT_GENRES.filter((x) => x !== 'any')) {
      expect(count((r) => r.genre === g && r.dimension === 'genre' && r.kind === '+'), `${g} genre +`).toBeGreaterThanOrEqual(3);
      expect(count((r) => r.genre === g && r.dimension === 'genre' && r.kind === '-'), `${g} genre -`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has unique keys and texts, tags on every comment, no blanks to fill and texts within the limit', () => {
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.tags.length, r.key).toBeGreaterThan(0);
      expect(r.tags.every((t) => t.length <= 20), r.key).toBe(true);
      expect(r.text, r.key).not.toMatch(/_{2,}|XX|某某|（\s*）/);
      expect(r.text.length, r.key).toBeLessThanOrEqual(MAX_LIBRARY_COMMENT);
      expect(r.text, r.key).toMatch(/[。！？]$/);
    }
  });

  it('tags the comments teachers filter by most', () => {
    const tags = new Set(rows.flatMap((r) => r.tags));
    for (const t of ['开头', '结尾', '细节', '比喻', '过渡', '错别字', '标点', '中心', '选材', '书写']) expect(tags.has(t), t).toBe(true);
  });
});
