import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, registerTeacher } from '../helpers/flows';
import { solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

const FS = '/correction-api/file-service';

// A teacher of the school with no class read any of the school's files by id
// (`/files/{id}` and `/files/{id}/info` with a signed link), though the same teacher got 404 on the
// class's essay list. Files now follow what they belong to.
describe.each(databaseKinds())('files by id follow the essay they belong to on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let pageFileId = '';
  let taskId = 0;
  let classId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'headmaster01']) tok[u] = await t.login(u);
    const stranger = await registerTeacher(t, 'nofile');
    tok.unbound = await t.login(stranger.username, stranger.password);
    const classes = (await t.call('GET', `${MGMT}/mclass/list?pageSize=100`, { token: tok.teacher01 })).json().data.list as { id: number; name: string }[];
    classId = classes.find((c) => c.name === '七年级1班')!.id;
    taskId = (await t.call('POST', `${MGMT}/tasks/add`, { token: tok.teacher01, body: { title: '窗外', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [classId] } })).json().data.id;
    const student = (await t.call('GET', `${MGMT}/mStudent/list?classId=${classId}&pageSize=1`, { token: tok.teacher01 })).json().data.list[0] as { id: number };
    const file = await t.call('POST', `${FS}/files/base64`, { token: tok.teacher01, body: { fileName: 'p.png', contentBase64: (await solidImage(120, 160, 3131)).toString('base64') } });
    pageFileId = file.json().data.id;
    const saved = await t.call('POST', `${MGMT}/writings/saveSingle`, { token: tok.teacher01, body: { taskId, classId, studentId: student.id, draft: 0, fileIds: [pageFileId] } });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('a teacher of the school without the class: 404 on the essay page’s bytes and info, as on the essay list', async () => {
    expect((await t.call('GET', `${MGMT}/writings/list?taskId=${taskId}&classId=${classId}`, { token: tok.unbound })).statusCode).toBeGreaterThanOrEqual(403);
    expect((await t.call('GET', `${FS}/files/${pageFileId}`, { token: tok.unbound })).statusCode).toBe(404);
    const info = await t.call('GET', `${FS}/files/${pageFileId}/info`, { token: tok.unbound });
    expect(info.statusCode).toBe(404);
    expect(info.body).not.toContain('/content?exp=');
  });

  it('the class’s teacher and the headmaster read it; the unbound teacher reads their own upload', async () => {
    expect((await t.call('GET', `${FS}/files/${pageFileId}`, { token: tok.teacher01 })).statusCode).toBe(200);
    expect((await t.call('GET', `${FS}/files/${pageFileId}/info`, { token: tok.teacher01 })).json().data.url).toMatch(/\/content\?exp=\d+&sig=/);
    expect((await t.call('GET', `${FS}/files/${pageFileId}`, { token: tok.headmaster01 })).statusCode).toBe(200);
    const own = await t.call('POST', `${FS}/files/base64`, { token: tok.unbound, body: { fileName: 'mine.png', contentBase64: (await solidImage(100, 100, 3132)).toString('base64') } });
    expect((await t.call('GET', `${FS}/files/${own.json().data.id}`, { token: tok.unbound })).statusCode).toBe(200);
  });

  it('page links inside an essay carry the reader: not another reader, not without a grant', async () => {
    const list = (await t.call('GET', `${MGMT}/writings/list?taskId=${taskId}&classId=${classId}`, { token: tok.teacher01 })).json().data as { students: Array<{ essays: Array<{ id: number }> }> };
    const essayId = list.students.flatMap((r) => r.essays)[0]!.id;
    const essay = (await t.call('GET', `${MGMT}/writings/get?id=${essayId}`, { token: tok.teacher01 })).json().data;
    const url = essay.pages[0].url as string;
    const me = (await t.call('GET', '/correction-api/platform-system/auth/info', { token: tok.teacher01 })).json().data;
    expect(url).toMatch(new RegExp(`&by=${me.identityId}$`));
    expect(Number(new URL(`http://x${url}`).searchParams.get('exp')) * 1000 - Date.now()).toBeLessThanOrEqual(16 * 60_000);
    expect((await t.call('GET', url)).statusCode).toBe(200);
    expect((await t.call('GET', url.replace(/&by=\d+$/, ''))).statusCode).toBe(403);
    expect((await t.call('GET', url.replace(/&by=\d+$/, '&by=1&st=1'))).statusCode).toBe(403);
  });
});
