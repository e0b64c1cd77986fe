import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { bodyFor, takesId, urlFor, type OpenApiPaths } from '../helpers/openapi-walk';
import { diffSnapshots, ownerOf, snapshotDatabase, type RowChange, type Snapshot } from '../helpers/db-snapshot';
import { identities, users } from '../../src/server/db/schema';

const IDS = 30;

// product-rules.md#security (writes): every POST/PUT/DELETE of the OpenAPI document that takes an id, called
// with ids 1…30 as school B's teacher and as a school-A teacher bound to no class. School B's own rows
// may change (ids overlap); no row of school A may (for the unbound teacher: no class-scoped row),
// checked by comparing every table before and after. School A's own teacher and headmaster walking the
// same calls are the control that the generated requests do reach the handlers.
describe.each(databaseKinds())('no foreign writes through any id-taking operation on %s', (kind) => {
  let t: TestApp;
  let paths: OpenApiPaths;
  let schoolA = 0;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    tok.teacherB01 = await t.login('teacherB01');
    tok.headmaster01 = await t.login('headmaster01');
    const unbound = await registerTeacher(t, 'nobody');
    tok.unbound = await t.login(unbound.username, unbound.password);
    const [head] = await t.database.db.select({ schoolId: identities.schoolId }).from(identities).innerJoin(users, eq(users.id, identities.userId)).where(eq(users.username, 'headmaster01'));
    schoolA = head!.schoolId;
    paths = (await t.call('GET', '/correction-api/docs/json')).json().paths;
  }, 240_000);
  afterAll(async () => t?.close());

  async function walk(who: string): Promise<{ calls: number; ok: Set<string>; errors: string[] }> {
    let calls = 0;
    const ok = new Set<string>();
    const errors: string[] = [];
    for (const [route, ops] of Object.entries(paths)) {
      // The sign-out and docs routes take no ids; the H5 routes need a student's code (own tests).
      if (/\/docs/.test(route)) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'delete', 'patch'].includes(method) || !takesId(op)) continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        for (let id = 1; id <= IDS; id++) {
          const url = urlFor(route, op, id);
          const body = schema ? bodyFor(schema, id) : undefined;
          const res = await t.call(method.toUpperCase() as 'POST' | 'PUT' | 'DELETE', url, { token: tok[who], ...(body !== undefined ? { body } : {}) });
          calls += 1;
          if (res.statusCode >= 500) errors.push(`${method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode < 300) ok.add(`${method.toUpperCase()} ${route}`);
        }
      }
    }
    return { calls, ok, errors };
  }

  /** Whether an added row hangs off a class, student, task or essay that existed before the walk. */
  const referencesExisting = (c: RowChange, before: Snapshot) =>
    (['class_id', 'student_id', 'task_id', 'essay_id'] as const).some((col, i) => c.row[col] != null && before.get(['classes', 'students', 'tasks', 'essays'][i]!)?.has(String(c.row[col])));

  const describeChange = (c: RowChange) => `${c.kind} ${c.table} ${JSON.stringify(c.row).slice(0, 160)}${c.columns ? ` (${c.columns.join(', ')})` : ''}`;

  for (const who of ['teacherB01', 'unbound'] as const) {
    it(`as ${who}: school A's rows unchanged`, async () => {
      const before = await snapshotDatabase(t.database);
      const { calls, ok, errors } = await walk(who);
      const after = await snapshotDatabase(t.database);
      const changes = diffSnapshots(before, after);
      const leaks = changes.filter((c) => {
        const owner = ownerOf(c, [before, after]);
        if (owner.schoolId === null) return true; // unattributed: reported so that a new table gets an owner
        if (owner.schoolId !== schoolA) return false;
        if (who === 'teacherB01') return true;
        // A school-A teacher may create things of their own (a class with its binding, a comment use);
        // what they may not do is touch a class-scoped row that existed before, or add to one.
        return owner.classScoped && (c.kind !== 'added' || referencesExisting(c, before));
      });
      console.info(`${kind} ${who}: ${calls} calls, ${ok.size} operations answered 2xx at least once, ${changes.length} rows changed`);
      expect(errors).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
      expect(leaks.map(describeChange)).toEqual([]);
    }, 900_000);
  }

  it('control: school A’s own teacher and headmaster with the same calls do change school A’s rows', async () => {
    tok.teacher01 = await t.login('teacher01');
    const before = await snapshotDatabase(t.database);
    const ok = new Set([...(await walk('teacher01')).ok, ...(await walk('headmaster01')).ok]);
    const changes = diffSnapshots(before, await snapshotDatabase(t.database));
    const own = changes.filter((c) => ownerOf(c, [before]).schoolId === schoolA);
    console.info(`${kind} teacher01 + headmaster01: ${ok.size} operations answered 2xx, ${own.length} of school A's rows changed`);
    expect(ok.size).toBeGreaterThan(12);
    expect(own.length).toBeGreaterThan(50);
  }, 900_000);
});
