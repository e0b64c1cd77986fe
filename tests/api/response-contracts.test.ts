import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { corrections, essays, students } from '../../src/server/db/schema';
import { uncompiledResponses } from '../../src/server/plugins/compiled-serializer';
import { taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { review as reviewRoutes } from '../../src/core/api/routes/review';

// Responses are written by fast-json-stringify compiled from the routes' contracts, not validated by
// zod per request: these checks are what keeps them honest. Every hot path's answer must match the
// OpenAPI schema generated from its zod contract, which forbids properties the contract does not name.
interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
}

describe.each(databaseKinds())('responses match their contracts on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let ajv: Ajv;
  let doc: OpenApi;
  let fx: EssayFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'headmaster01']) tok[u] = await t.login(u);
    doc = t.app.swagger() as unknown as OpenApi;
    // one essay on a task of teacher01's class, so every screen has something to show
    const db = t.database.db;
    fx = await taskFixture(db, { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    const [s0] = await db.select({ id: students.id }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo).limit(1);
    // handed in and waiting for the AI (a stored result must be a whole engine result, which a test cannot fake)
    const [e] = await db.insert(essays).values({ schoolId: fx.schoolId, taskId: fx.taskId, classId: fx.classId, studentId: s0!.id, draft: 0, status: 'awaiting_ai', source: 'single' }).returning();
    await db.insert(corrections).values({ essayId: e!.id, status: 'queued' });
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
  }, 600_000);
  afterAll(() => t?.close());

  /** Calls a route and checks its JSON answer against the route's 200 schema (nullable read as OpenAPI 3.0 does). */
  async function checked(method: 'GET' | 'POST', url: string, who: string, body?: unknown) {
    const res = await t.call(method, url, { token: tok[who], ...(body ? { body } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const path = url.split('?')[0]!;
    const schema = doc.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
    expect(schema, `no 200 schema for ${method} ${path}`).toBeDefined();
    const validate = ajv.compile(openApiNullable(schema!));
    const json = res.json();
    expect(validate(json) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
    return json.data;
  }

  it('every route schema compiled (none fell back to zod)', () => {
    expect(uncompiledResponses).toEqual([]);
  });

  it('the hot paths answer what their contracts say, and nothing more', async () => {
    await checked('GET', `${SYS}/auth/info`, 'teacher01');
    const board = await checked('GET', `${MGMT}/tasks/list?pageNum=1&pageSize=10`, 'teacher01');
    const task = board.list.find((x: { id: number }) => x.id === fx.taskId);
    expect(task.counts.submitted).toBe(1);
    const classId = fx.classId;
    const list = await checked('GET', `${MGMT}/writings/list?taskId=${task.id}&classId=${classId}`, 'teacher01');
    const withEssay = list.students.find((s: { essays: unknown[] }) => s.essays.length > 0);
    expect(withEssay).toBeDefined();
    await checked('GET', `${MGMT}/review/workspace?essayId=${withEssay.essays[0].id}`, 'teacher01');
    await checked('GET', `${MGMT}/writings/statistics?taskId=${task.id}&classId=${classId}`, 'teacher01');
    await checked('POST', `${MGMT}/tasks/getReportData`, 'teacher01', { taskId: task.id, classId });
    await checked('GET', `${MGMT}/studentGrowing/single?studentId=${withEssay.studentId}`, 'teacher01');
    await checked('GET', `${MGMT}/message/getSysMessages?isRead=2`, 'teacher01');
    await checked('GET', `${MGMT}/leaders/overview`, 'headmaster01');
  }, 300_000);

  it('an error answer is the error body', async () => {
    const res = await t.call(reviewRoutes.reviewWorkspace, { query: { essayId: '999999999' } }, { token: tok.teacher01 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'error', 'message']));
  });
});

/** OpenAPI 3.0's `nullable: true` and boolean exclusive bounds as the JSON Schema Ajv reads. */
function openApiNullable(schema: object): object {
  return JSON.parse(JSON.stringify(schema), (_k, v: Record<string, unknown>) => {
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (v && typeof v === 'object' && typeof v[flag] === 'boolean') {
        if (v[flag] && typeof v[bound] === 'number') {
          v[flag] = v[bound];
          delete v[bound];
        } else delete v[flag];
      }
    }
    if (v && typeof v === 'object' && v.nullable === true) {
      const { nullable: _n, ...rest } = v;
      if (Array.isArray(rest.enum)) rest.enum = [...rest.enum, null];
      if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
      return { anyOf: [rest, { type: 'null' }] };
    }
    return v;
  });
}
