import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_COMMENT_ROWS } from '../../src/server/seed/comment-library-data';
import { seedCommentLibrary } from '../../src/server/seed/comment-library';
import { MGMT, registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { commentLibrary as commentLibraryRoutes } from '../../src/core/api/routes/comment-library';

type Comment = { id: number; kind: string; dimension: string; genre: string; core: boolean; tags: string[]; text: string; scope: string; useCount: number };
type Page = { list: Comment[]; total: number; pageNum: number; pageSize: number };

describe.each(databaseKinds())('comment library on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const list = async (query: string, who = 'teacher01'): Promise<Page> => {
    const res = await t.call('GET', `${MGMT}/commentLibrary/list?${query}`, { token: tok[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const save = (body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/commentLibrary/save`, { token: tok[who], body, lang });
  const use = (id: number, who = 'teacher01') => t.call('POST', `${MGMT}/commentLibrary/use/${id}`, { token: tok[who], body: {} });
  const del = (id: number, who = 'teacher01') => t.call('DELETE', `${MGMT}/commentLibrary/del?id=${id}`, { token: tok[who] });

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01', 'classrole01']) tok[u] = await t.login(u);
    const other = await registerTeacher(t, 'libt');
    tok.colleague = await t.login(other.username, other.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded public library, core comments first', async () => {
    const page = await list('pageSize=100');
    expect(page.total).toBe(PUBLIC_COMMENT_ROWS.length);
    expect(page.total).toBeGreaterThanOrEqual(180);
    expect(page.list.every((c) => c.scope === 'public')).toBe(true);
    const firstPlain = page.list.findIndex((c) => !c.core);
    expect(firstPlain).toBeGreaterThan(20);
    expect(page.list.slice(firstPlain).every((c) => !c.core)).toBe(true);
    expect((await list('scope=public&pageSize=1')).total).toBe(PUBLIC_COMMENT_ROWS.length);
    expect((await list('scope=mine')).total).toBe(0);
  });

  it('filters by kind, dimension, genre, core and tag, and searches text and tags', async () => {
    const reverse = await list('kind=reverse&dimension=mechanics&pageSize=100');
    expect(reverse.total).toBeGreaterThanOrEqual(5);
    expect(reverse.list.every((c) => c.kind === 'reverse' && c.dimension === 'mechanics')).toBe(true);
    const arg = await list('genre=argumentative&pageSize=100');
    // a genre lists its own comments and the general ones
    expect(arg.list.every((c) => c.genre === 'argumentative' || c.genre === 'any')).toBe(true);
    const general = await list('genre=any&pageSize=100');
    expect(general.list.every((c) => c.genre === 'any')).toBe(true);
    expect(arg.total).toBeGreaterThanOrEqual(general.total + 15);
    const core = await list('core=true&pageSize=100');
    expect(core.total).toBeGreaterThanOrEqual(20);
    expect(core.list.every((c) => c.core)).toBe(true);
    const notCore = await list('core=false&pageSize=1');
    expect(notCore.total).toBe(PUBLIC_COMMENT_ROWS.length - core.total);
    const simile = await list('tag=比喻&pageSize=100');
    expect(simile.total).toBeGreaterThanOrEqual(3);
    expect(simile.list.every((c) => c.tags.includes('比喻'))).toBe(true);
    // a word found in the text or only in the tags
    const typo = await list('q=错别字&pageSize=100');
    expect(typo.list.every((c) => c.text.includes('错别字') || c.tags.some((g) => g.includes('错别字')))).toBe(true);
    expect(typo.list.some((c) => !c.text.includes('错别字'))).toBe(true);
    // every word must match
    const both = await list(`q=${encodeURIComponent('开头 悬念')}`);
    expect(both.total).toBeGreaterThan(0);
    expect(both.list.every((c) => (c.text + c.tags.join()).includes('开头') && c.text.includes('悬念'))).toBe(true);
    // LIKE wildcards are plain characters
    expect((await list('q=%25')).total).toBe(0);
    const tags = (await t.call(commentLibraryRoutes.tags, {}, { token: tok.teacher01 })).body.data as { tag: string; count: number }[];
    expect(tags.find((x) => x.tag === '错别字')!.count).toBeGreaterThanOrEqual(5);
    expect(tags[0]!.count).toBeGreaterThanOrEqual(tags.at(-1)!.count);
  });

  it('saves a teacher’s own comment once, visible only to that teacher', async () => {
    const body = { text: '  你把妈妈深夜等你回家的那盏灯写得很动人，灯光就是亲情。  ', kind: 'positive', dimension: 'emotion', genre: 'narrative', tags: ['亲情', '细节', '亲情'] };
    const first = await save(body);
    expect(first.statusCode, first.body).toBe(200);
    const mine = first.json().data as Comment;
    expect(mine).toMatchObject({ scope: 'mine', core: false, useCount: 0, text: body.text.trim(), tags: ['亲情', '细节'], kind: 'positive', dimension: 'emotion', genre: 'narrative' });
    // the same text again: the comment already saved
    const again = await save({ text: body.text.trim() });
    expect(again.json().data.id).toBe(mine.id);
    expect((await list('scope=mine')).list.map((c) => c.id)).toEqual([mine.id]);
    expect((await list('scope=all&q=那盏灯')).list.map((c) => c.scope)).toEqual(['mine']);
    expect((await list('scope=public&q=那盏灯')).total).toBe(0);
    const tags = (await t.call(commentLibraryRoutes.tags, {}, { token: tok.teacher01 })).body.data as { tag: string }[];
    expect(tags.map((x) => x.tag)).toContain('亲情');

    // nobody else sees it, counts it or deletes it: not a colleague, not another school
    for (const who of ['colleague', 'teacherB01']) {
      expect((await list('scope=mine', who)).total).toBe(0);
      expect((await list('q=那盏灯', who)).total).toBe(0);
      expect((await use(mine.id, who)).statusCode).toBe(404);
      expect((await del(mine.id, who)).statusCode).toBe(404);
      const tagsOther = (await t.call(commentLibraryRoutes.tags, {}, { token: tok[who] })).body.data as { tag: string }[];
      expect(tagsOther.map((x) => x.tag)).not.toContain('亲情');
    }
    // the colleague's identical text is their own comment
    const theirs = (await save({ text: body.text.trim() }, 'colleague')).json().data as Comment;
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.scope).toBe('mine');
    expect((await list('scope=mine', 'colleague')).list.map((c) => c.id)).toEqual([theirs.id]);
  });

  it('counts uses; the most used non-core comments come first after the core ones', async () => {
    const plain = (await list('core=false&pageSize=100')).list.at(-1)!;
    for (let i = 0; i < 3; i++) expect((await use(plain.id)).statusCode).toBe(200);
    const used = (await use(plain.id)).json().data as Comment;
    expect(used.useCount).toBe(plain.useCount + 4);
    expect((await list('core=false&pageSize=1')).list[0]!.id).toBe(plain.id);
    const all = (await list('pageSize=100')).list;
    expect(all.findIndex((c) => c.id === plain.id)).toBe(all.filter((c) => c.core).length);
    expect((await use(999_999)).statusCode).toBe(404);
  });

  it('deletes only the caller’s own comments', async () => {
    const mine = (await save({ text: '结尾的一句“原来坚持的味道是甜的”点亮了全文。', kind: 'positive', dimension: 'structure', tags: ['结尾'] })).json().data as Comment;
    const pub = (await list('scope=public&pageSize=1')).list[0]!;
    expect((await del(pub.id)).statusCode).toBe(404);
    const res = await del(mine.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: 1 });
    expect((await del(mine.id)).statusCode).toBe(404);
    expect((await use(mine.id)).statusCode).toBe(404);
    expect((await list('q=点亮了全文')).total).toBe(0);
  });

  it('needs task.query to read and task.edit to write; validates the text in the caller’s language', async () => {
    expect((await list('pageSize=1', 'classrole01')).total).toBe(PUBLIC_COMMENT_ROWS.length);
    expect((await save({ text: '条理清楚。' }, 'classrole01')).statusCode).toBe(403);
    const pub = (await list('scope=public&pageSize=1')).list[0]!;
    expect((await use(pub.id, 'classrole01')).statusCode).toBe(403);
    expect((await t.call(commentLibraryRoutes.list, { query: {} })).status).toBe(401);
    const tooLong = await save({ text: '好'.repeat(301) }, 'teacher01', 'en');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A comment can be at most 300 characters');
    expect((await save({ text: '   ' })).statusCode).toBe(400);
    expect((await save({ text: '好', kind: 'neutral' })).statusCode).toBe(400);
  });

  it('re-seeding keeps the library and its use counts', async () => {
    const before = (await list('pageSize=100')).list;
    await seedCommentLibrary(t.database.db);
    const after = (await list('pageSize=100')).list;
    expect(after.map((c) => [c.id, c.useCount])).toEqual(before.map((c) => [c.id, c.useCount]));
    expect((await list('scope=public&pageSize=1')).total).toBe(PUBLIC_COMMENT_ROWS.length);
  });
});
