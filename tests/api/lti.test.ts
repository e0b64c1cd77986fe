import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classTeachers, identities, ltiToolKeys, students, users } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, taskFixture, type EssayFixture } from '../helpers/correction';
import { correctedEssay } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';
import { formOf, INSTRUCTOR, LEARNER, startLtiPlatform, type LaunchIntent, type LmsUser, type LtiPlatform } from '../support/lti-platform';

const LTI = '/correction-api/lti';
const MGMT = '/correction-api/platform-management';

/**
 * The LTI 1.3 tool end to end against a stand-in platform on loopback: every browser step goes over
 * real HTTP (login initiation → the platform's auth → the form_post launch), the platform fetches the
 * tool's JWKS to check deep-linking responses and service-token assertions.
 */
describe.each(databaseKinds())('LTI 1.3 tool on %s', (kind) => {
  let t: TestApp;
  let lms: LtiPlatform;
  let origin = '';
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const course = 'course-7a';
  const teacher: LmsUser = { sub: 'lms-u-100', name: '林老师', email: `lin.${Date.now()}@lms.example`, roles: [INSTRUCTOR] };
  const learner: LmsUser = { sub: 'lms-u-201', name: '陈小明', roles: [LEARNER] };
  let headToken = '';
  let teacherToken = '';
  let fx: EssayFixture;
  let resourceLinkId = '';

  async function http(method: 'GET' | 'POST' | 'PUT', path: string, opts: { form?: Record<string, string>; json?: unknown; token?: string; lang?: 'en' } = {}) {
    const res = await fetch(path.startsWith('http') ? path : `${origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': opts.lang ?? 'zh-CN',
      },
      ...(opts.form ? { body: new URLSearchParams(opts.form).toString() } : {}),
      ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
    });
    return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
  }

  /** What the LMS and the browser do: login initiation, the platform's auth, then the form_post launch. */
  async function launch(intent: LaunchIntent, lang?: 'en') {
    const login = await http('GET', `${LTI}/login?${new URLSearchParams(lms.prepareLaunch(intent))}`);
    expect(login.status).toBe(302);
    const auth = await http('GET', login.location!);
    expect(auth.status).toBe(200);
    const form = formOf(auth.text);
    expect(form.action).toBe(`${origin}${LTI}/launch`);
    return { form, res: await http('POST', form.action, { form: form.fields, ...(lang ? { lang } : {}) }) };
  }

  const teacherLaunch = (extra: Partial<LaunchIntent> = {}) => launch({ user: teacher, messageType: 'LtiResourceLinkRequest', contextId: course, resourceLinkId: resourceLinkId || 'rl-not-placed', ...extra });

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    lms = await startLtiPlatform({ toolJwksUrl: `${origin}${LTI}/jwks`, toolLaunchUrl: `${origin}${LTI}/launch` });
    headToken = await t.login('headmaster01');
  });
  afterAll(async () => {
    await lms?.close();
    await t?.close();
  });

  it('a school administrator registers the LMS; the tool JWKS holds public keys only', async () => {
    const body = { name: 'Moodle 本校', issuer: lms.issuer, clientId: lms.clientId, deploymentIds: [lms.deploymentId], ...lms.urls };
    const teacher01 = await t.login('teacher01');
    expect((await http('POST', `${LTI}/platforms`, { json: body, token: teacher01 })).status).toBe(403);
    const created = await http('POST', `${LTI}/platforms`, { json: body, token: headToken });
    expect(created.status).toBe(200);
    expect(JSON.parse(created.text).data).toMatchObject({ issuer: lms.issuer, clientId: lms.clientId, deploymentIds: [lms.deploymentId], enabled: true });
    const again = await http('POST', `${LTI}/platforms`, { json: body, token: headToken, lang: 'en' });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.text)).toMatchObject({ error: 'LTI_DUPLICATE', message: 'This learning platform (issuer + client_id) is already registered' });
    const list = JSON.parse((await http('GET', `${LTI}/platforms`, { token: headToken })).text).data;
    expect(list.tool).toEqual({ loginUrl: `${origin}${LTI}/login`, launchUrl: `${origin}${LTI}/launch`, deepLinkingUrl: `${origin}${LTI}/launch`, jwksUrl: `${origin}${LTI}/jwks` });
    expect(list.platforms).toHaveLength(1);

    const jwks = JSON.parse((await http('GET', `${LTI}/jwks`)).text);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(secret);
    const [stored] = await t.database.db.select().from(ltiToolKeys);
    expect(stored!.privatePem).toMatch(/BEGIN PRIVATE KEY/);
    expect(created.text + list.tool.jwksUrl).not.toContain('PRIVATE');
  });

  it('deep linking: the instructor picks an essay task and a signed LtiDeepLinkingResponse places it with a line item', async () => {
    // First launch: a new zhipi teacher of the registration's school, linked to the LMS user; no tasks yet.
    const first = await launch({ user: teacher, messageType: 'LtiDeepLinkingRequest', contextId: course });
    expect(first.res.status).toBe(200);
    expect(first.res.text).toContain('您还没有布置作文任务');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, teacher.email!));
    expect(user).toMatchObject({ realname: '林老师' });
    const [ident] = await t.database.db.select().from(identities).where(eq(identities.userId, user!.id));
    expect(ident).toMatchObject({ roleId: 2, ssoSource: expect.stringMatching(/^lti:/) });

    // The teacher sets a task for a class they teach, then places it from the LMS.
    fx = await taskFixture(t.database.db, { username: teacher.email!, className: '七年级1班', title: '我的拿手好戏' });
    await t.database.db.insert(classTeachers).values({ classId: fx.classId, identityId: ident!.id }).onConflictDoNothing();
    const picker = await launch({ user: teacher, messageType: 'LtiDeepLinkingRequest', contextId: course });
    expect(picker.res.status).toBe(200);
    expect(picker.res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(picker.res.text).toContain('我的拿手好戏');
    const dl = formOf(picker.res.text).fields.dl!;
    const choice = `${fx.taskId}:${fx.classId}`;
    expect(picker.res.text).toContain(`value="${choice}"`);

    const answer = await http('POST', `${LTI}/deep-link`, { form: { dl, choice } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain(`form-action 'self' ${lms.issuer}`);
    const back = formOf(answer.text);
    expect(back.action).toBe(`${lms.issuer}/deep-link-return`);
    // The picker code is single-use.
    expect((await http('POST', `${LTI}/deep-link`, { form: { dl, choice } })).text).toContain('data-code="LTI_HANDOFF_INVALID"');

    // The browser auto-posts the JWT to the platform, which checks it against the tool's JWKS.
    const placed = await http('POST', back.action, { form: back.fields });
    expect(placed.status).toBe(200);
    const created = JSON.parse(placed.text);
    expect(created.data).toBe(`dl-${course}`);
    expect(created.created).toHaveLength(1);
    expect(created.created[0]).toMatchObject({ url: `${origin}${LTI}/launch`, title: '我的拿手好戏', lineItem: { scoreMaximum: 100, label: '我的拿手好戏' } });
    resourceLinkId = created.created[0].resourceLinkId;
    expect(lms.resourceLinks.get(resourceLinkId)!.custom).toEqual({ zhipi_task_id: String(fx.taskId), zhipi_class_id: String(fx.classId) });
  });

  it('an instructor launch opens the app with a session of the linked teacher (hand-off code used once)', async () => {
    const { res } = await teacherLaunch();
    expect(res.status).toBe(303);
    const to = new URL(res.location!, origin);
    expect(to.pathname).toBe('/teaching/lti');
    expect(to.searchParams.get('redirect')).toBe(`/homework/situation/writinglist?taskId=${fx.taskId}&classId=${fx.classId}`);
    const code = to.searchParams.get('code')!;
    const session = await http('POST', `${LTI}/session`, { json: { code } });
    expect(session.status).toBe(200);
    const data = JSON.parse(session.text).data;
    expect(data.user).toMatchObject({ realname: '林老师', ssoSource: expect.stringMatching(/^lti-\d+$/) });
    teacherToken = data.token;
    const replay = await http('POST', `${LTI}/session`, { json: { code }, lang: 'en' });
    expect(replay.status).toBe(401);
    expect(JSON.parse(replay.text)).toMatchObject({ error: 'LTI_HANDOFF_INVALID', message: 'The sign-in code is invalid or already used; please open zhipi again from your learning platform' });
  });

  it('a learner launch links (or creates) the student of the class and opens the task upload page', async () => {
    const { res } = await launch({ user: learner, messageType: 'LtiResourceLinkRequest', contextId: course, resourceLinkId });
    expect(res.status).toBe(303);
    const to = new URL(res.location!, origin);
    expect(to.pathname).toBe('/teaching/h5/upload');
    expect(to.searchParams.get('taskId')).toBe(String(fx.taskId));
    const studentId = Number(to.searchParams.get('studentId'));
    const [row] = await t.database.db.select().from(students).where(eq(students.id, studentId));
    expect(row).toMatchObject({ classId: fx.classId, name: '陈小明', source: 'lti' });
    // Again: the same student.
    const again = await launch({ user: learner, messageType: 'LtiResourceLinkRequest', contextId: course, resourceLinkId });
    expect(new URL(again.res.location!, origin).searchParams.get('studentId')).toBe(String(studentId));
  });

  it('roster sync pulls the course membership (NRPS, paged) into the class', async () => {
    const others: LmsUser[] = [
      { sub: 'lms-u-202', name: '王小红', roles: [LEARNER] },
      { sub: 'lms-u-203', name: '赵小刚', roles: [`${LEARNER}`] },
    ];
    lms.members.set(course, [teacher, { ...learner, name: '陈小明' }, ...others]);
    const contexts = JSON.parse((await http('GET', `${LTI}/contexts`, { token: teacherToken })).text).data;
    expect(contexts).toHaveLength(1);
    expect(contexts[0]).toMatchObject({ classId: fx.classId, className: '七年级1班', canSyncRoster: true, lastSyncedAt: null });
    const sync = await http('POST', `${LTI}/contexts/${contexts[0].id}/sync-roster`, { token: teacherToken });
    expect(sync.status).toBe(200);
    expect(JSON.parse(sync.text).data).toEqual({ members: 4, created: 2, updated: 1 });
    const names = (await t.database.db.select().from(students).where(and(eq(students.classId, fx.classId), eq(students.source, 'lti')))).map((s) => s.name);
    expect(names.sort()).toEqual(['王小红', '赵小刚', '陈小明'].sort());
    expect(lms.tokenRequests.some((r) => r.scope === 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')).toBe(true);
    // Idempotent: nothing new the second time; another school's teacher does not see the course.
    expect(JSON.parse((await http('POST', `${LTI}/contexts/${contexts[0].id}/sync-roster`, { token: teacherToken })).text).data).toEqual({ members: 4, created: 0, updated: 3 });
    const other = await t.login('teacherB01');
    expect((await http('POST', `${LTI}/contexts/${contexts[0].id}/sync-roster`, { token: other })).status).toBe(404);
  });

  it('approving an essay sends the score to the line item (AGS), retried while the platform fails', async () => {
    const [link] = await t.database.db.select().from(students).where(and(eq(students.classId, fx.classId), eq(students.name, '陈小明')));
    const essayId = await correctedEssay(t, storage, ocr, fx, { studentId: link!.id });
    const approve = await http('POST', `${MGMT}/review/approve`, { json: { essayId, teacherComment: '结构清楚，细节生动。' }, token: teacherToken });
    expect(approve.status).toBe(200);
    lms.failScores = 1;
    await t.app.jobRunner!.runDue();
    expect(lms.scores).toHaveLength(0);
    t.clock.offsetMs += 10 * 60_000;
    await t.app.jobRunner!.runDue();
    expect(lms.scores).toHaveLength(1);
    const score = lms.scores[0]!;
    expect(score.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score.lineitemId).toBe(lms.resourceLinks.get(resourceLinkId)!.lineitemId);
    expect(score.body).toMatchObject({ userId: learner.sub, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', comment: '结构清楚，细节生动。' });
    expect(score.body.scoreGiven).toEqual(expect.any(Number));
    expect(score.body.scoreGiven as number).toBeGreaterThanOrEqual(0);
    expect(score.body.scoreGiven as number).toBeLessThanOrEqual(100);
    expect(lms.tokenRequests.some((r) => r.scope === 'https://purl.imsglobal.org/spec/lti-ags/scope/score')).toBe(true);
    // The platform's tokens carry real time: the server's clock goes back with it.
    t.clock.offsetMs = 0;
  });

  it('refuses a tampered id_token, a replayed launch or nonce, an unknown deployment, a wrong audience and an expired token', async () => {
    const refused = async (extra: Partial<LaunchIntent>, code: string, status = 401) => {
      const { res } = await teacherLaunch(extra);
      expect(res.status, code).toBe(status);
      expect(res.text).toContain(`data-code="${code}"`);
    };
    await refused({ tamper: { flipPayload: true } }, 'LTI_BAD_TOKEN');
    await refused({ tamper: { signWithOtherKey: true } }, 'LTI_BAD_TOKEN');
    await refused({ tamper: { deploymentId: 'deployment-unknown' } }, 'LTI_UNKNOWN_DEPLOYMENT');
    await refused({ tamper: { aud: 'another-tool' } }, 'LTI_BAD_TOKEN');
    await refused({ tamper: { iatAgoS: 900, expInS: 300 } }, 'LTI_BAD_TOKEN');
    await refused({ tamper: { version: '1.1' } }, 'LTI_BAD_CLAIMS');

    // The same form posted twice (state and nonce used), and a fresh login carrying an old nonce.
    const ok = await teacherLaunch();
    expect(ok.res.status).toBe(303);
    const replay = await http('POST', ok.form.action, { form: ok.form.fields, lang: 'en' });
    expect(replay.status).toBe(401);
    expect(replay.text).toContain('data-code="LTI_REPLAYED"');
    expect(replay.text).toContain('This LTI launch was already used');
    const oldNonce = JSON.parse(Buffer.from(ok.form.fields.id_token!.split('.')[1]!, 'base64url').toString()).nonce as string;
    await refused({ tamper: { nonce: oldNonce } }, 'LTI_REPLAYED');

    // A refused token burns nothing: the login it belonged to can still complete with a good token.
    const unknownIssuer = await http('GET', `${LTI}/login?${new URLSearchParams({ ...lms.prepareLaunch({ user: teacher, messageType: 'LtiResourceLinkRequest', contextId: course, resourceLinkId }), iss: 'https://evil.example' })}`);
    expect(unknownIssuer.status).toBe(400);
    expect(unknownIssuer.text).toContain('data-code="LTI_UNKNOWN_PLATFORM"');
    const noState = await http('POST', `${LTI}/launch`, { form: { id_token: ok.form.fields.id_token!, state: 'made-up' } });
    expect(noState.status).toBe(401);
    expect(noState.text).toContain('data-code="LTI_STATE_INVALID"');
  });

  it('the registration CLI works over the API while the server runs: list, then disable (launches refused at once)', async () => {
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/lti-platforms.ts', ...args, '--server', origin, '--username', 'headmaster01'], { env: { ...process.env, ZHIPI_PASSWORD: DEMO_PASSWORD }, timeout: 180_000 });
    const listed = await cli('list');
    expect(listed.stdout).toContain(`loginUrl\t${origin}${LTI}/login`);
    expect(listed.stdout).toMatch(new RegExp(`\\d+\\tenabled\\tMoodle 本校\\t${lms.issuer}`));
    const id = /^(\d+)\tenabled/m.exec(listed.stdout)![1]!;
    expect((await cli('disable', '--id', id)).stdout).toContain(`${id} disabled`);
    const login = await http('GET', `${LTI}/login?${new URLSearchParams(lms.prepareLaunch({ user: teacher, messageType: 'LtiResourceLinkRequest', contextId: course, resourceLinkId }))}`);
    expect(login.status).toBe(400);
    expect(login.text).toContain('data-code="LTI_UNKNOWN_PLATFORM"');
  });
});
