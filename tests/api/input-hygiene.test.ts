import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { commentLibrary as commentLibraryRoutes } from '../../src/core/api/routes/comment-library';

// product-rules.md#security: a NUL byte in a text search and numbers beyond a column's range were 500s; framework
// errors answered in English inside Chinese messages.
describe.each(databaseKinds())('input hygiene at the edge on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    token = await t.login('teacher01');
  }, 120_000);
  afterAll(async () => t?.close());

  it('a NUL byte in a query or a JSON body: 400 in the caller’s language', async () => {
    for (const url of [`${MGMT}/tasks/list?title=a%00b`, `${MGMT}/mStudent/list?classId=1&name=%00`, `${MGMT}/commentLibrary/list?q=%00x`]) {
      const res = await t.call('GET', url, { token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'NUL_CHARACTER', message: '输入中含有不允许的空字符（NUL），请删除后重试' });
    }
    const body = await t.call(commentLibraryRoutes.save, { body: { text: 'good\u0000work', kind: 'positive', dimension: 'overall', genre: 'any', tags: [] } }, { token, lang: 'en' });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('The input contains a NUL character, which is not allowed; please remove it');
  });

  it('numbers beyond the database’s range and broken JSON: 400, never 500', async () => {
    for (const url of [`${MGMT}/tasks/list?semesterId=9999999999999999999999`, `${MGMT}/tasks/list?classId=9999999999999999999999`, `${MGMT}/mStudent/list?classId=99999999999`, `${MGMT}/tasks/statistics?id=99999999999`]) {
      const res = await t.call('GET', url, { token });
      // Refused (400) or simply nothing found — never a 500.
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    const broken = await t.call('POST', `${SYS}/auth/loginTeacher`, { payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'BAD_JSON', message: '请求内容不是有效的 JSON' });
    const media = await t.call('POST', `${SYS}/auth/loginTeacher`, { payload: 'x', headers: { 'content-type': 'application/x-unknown' } });
    expect(media.statusCode).toBe(415);
    expect(media.json().message).toBe('不支持的内容类型');
  });

  it('a body over the limit: 413 with a translated message', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const res = await t.call('POST', `${SYS}/auth/loginTeacher`, { payload: big, headers: { 'content-type': 'application/json' }, lang: 'en' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'BODY_TOO_LARGE', message: 'The request is too large; please send less' });
  });
});
