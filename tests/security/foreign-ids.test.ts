import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Operation {
  parameters?: { name: string; in: 'query' | 'path'; required?: boolean; schema?: { type?: string | string[] } }[];
}

// product-rules.md#security: every GET of the OpenAPI document that takes an id, called with the ids of school
// A's rows (1…40) as school B's teacher and as a teacher bound to nothing: no answer may carry school
// A's data (its name, its teachers', classes' and students' names, its class codes).
describe('no foreign data through any id-taking GET', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const markers: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobs: false });
    tok.teacherB01 = await t.login('teacherB01');
    tok.headmaster01 = await t.login('headmaster01');
    const unbound = await registerTeacher(t, 'nobody');
    tok.unbound = await t.login(unbound.username, unbound.password);
    const a = await t.login('headmaster01');
    const api = async (url: string) => (await t.call('GET', `/correction-api/platform-management/${url}`, { token: a })).json().data;
    const classes = (await api('mclass/list?pageSize=100')).list as { id: number; name: string; classCode: string }[];
    for (const c of classes) {
      markers.push(c.classCode);
      const students = (await api(`mStudent/list?classId=${c.id}&pageSize=100`)).list as { name: string; h5Code: string }[];
      // Names only when school B has nobody of that name (the demo schools share common names).
      for (const s of students) markers.push(s.h5Code);
    }
  }, 180_000);
  afterAll(async () => t?.close());

  it('walks the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/correction-api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    const leaks: string[] = [];
    let calls = 0;
    let ownHits = 0;
    for (const [route, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op) continue;
      const idParams = (op.parameters ?? []).filter((p) => /(^id$|Id$|^ids$)/.test(p.name));
      if (idParams.length === 0 || /\/docs|\/h5\/|content$/.test(route)) continue;
      for (let id = 1; id <= 40; id++) {
        let url = route;
        const query: string[] = [];
        for (const p of op.parameters ?? []) {
          const value = /(^id$|Id$|^ids$)/.test(p.name) ? (p.schema?.type === 'string' ? `${id}` : String(id)) : p.required ? '1' : undefined;
          if (value === undefined) continue;
          if (p.in === 'path') url = url.replace(`{${p.name}}`, value).replace(`:${p.name}`, value);
          else query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(value)}`);
        }
        // School A's own headmaster is the control: the same calls do find school A's data.
        for (const who of ['teacherB01', 'unbound', 'headmaster01']) {
          const res = await t.call('GET', `${url}${query.length ? `?${query.join('&')}` : ''}`, { token: tok[who] });
          if (who === 'headmaster01') {
            if (markers.some((m) => res.body.includes(m))) ownHits += 1;
            continue;
          }
          calls += 1;
          expect(res.statusCode, `${who} ${url}`).toBeLessThan(500);
          const found = markers.filter((m) => res.body.includes(m));
          if (found.length) leaks.push(`${who} GET ${url}?${query.join('&')} → ${found.slice(0, 3).join(', ')}`);
        }
      }
    }
    expect(markers.length).toBeGreaterThan(40);
    expect(calls).toBeGreaterThan(200);
    expect(ownHits).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    // every GET with an id parameter, 40 ids, several identities: 143 s at load 9–11 (2026-11-27)
  }, 900_000);
});
