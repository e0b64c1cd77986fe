import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classTeachers, essayPages, essays, identities } from '../../src/server/db/schema';
import { newStudent, taskFixture } from '../helpers/correction';
import { registerTeacher } from '../helpers/flows';
import { craftedPngHeader, multipartFiles, solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { files as filesRoutes } from '../../src/core/api/routes/files';

const FS = '/correction-api/file-service';

describe.each(databaseKinds())('file service on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const upload = (who: string, name: string, content: Buffer, type = 'image/jpeg') => {
    const mp = multipartFiles({}, [{ name, type, content }]);
    return t.call('POST', `${FS}/files`, { token: tok[who], payload: mp.payload, headers: mp.headers });
  };
  const upload64 = (who: string, fileName: string, content: Buffer, lang?: 'en') => t.call('POST', `${FS}/files/base64`, { token: tok[who], body: { fileName, contentBase64: content.toString('base64') }, lang });

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  it('stores images content-addressed per school: the same bytes twice are one file', async () => {
    const png = await solidImage(64, 48, 1);
    const first = await upload('teacher01', 'page1.png', png);
    expect(first.statusCode, first.body).toBe(200);
    const f = first.json().data;
    expect(f).toMatchObject({ mime: 'image/png', width: 64, height: 48, size: png.length, originalName: 'page1.png' });
    expect(f.url).toMatch(new RegExp(`^${FS}/files/${f.id}/content\\?exp=\\d+&sig=[^&]+&by=\\d+$`));
    const again = await upload64('teacher01', 'renamed.png', png);
    expect(again.json().data.id).toBe(f.id);
    const otherSchool = await upload64('teacherB01', 'page1.png', png);
    expect(otherSchool.statusCode).toBe(200);
    expect(otherSchool.json().data.id).not.toBe(f.id);
    // The type comes from the bytes, not the name or the client's Content-Type.
    const jpeg = await solidImage(32, 32, 2, 'jpeg');
    expect((await upload('teacher01', 'scan.pdf', jpeg, 'application/pdf')).json().data.mime).toBe('image/jpeg');
    const webp = await solidImage(32, 32, 3, 'webp');
    expect((await upload64('teacher01', 'x.bin', webp)).json().data.mime).toBe('image/webp');
    expect((await upload64('teacher01', 'a.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'))).json().data.mime).toBe('application/pdf');
  });

  it('refuses an .exe renamed .jpg, empty, truncated and oversized images with clear messages', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 7)]);
    const r1 = await upload('teacher01', 'photo.jpg', exe);
    expect(r1.statusCode).toBe(415);
    expect(r1.json()).toMatchObject({ error: 'FILE_UNSUPPORTED', message: expect.stringContaining('不支持的文件格式') });
    expect((await upload64('teacher01', 'photo.jpg', exe, 'en')).json().message).toMatch(/Unsupported file type/);

    const r2 = await upload('teacher01', 'empty.jpg', Buffer.alloc(0));
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toMatchObject({ error: 'FILE_EMPTY', message: '文件为空，请重新选择' });

    const jpeg = await solidImage(400, 300, 4, 'jpeg');
    const r3 = await upload('teacher01', 'cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect(r3.statusCode).toBe(400);
    expect(r3.json()).toMatchObject({ error: 'FILE_CORRUPT', showMsg: expect.stringContaining('损坏') });

    const r4 = await upload64('teacher01', 'huge.png', craftedPngHeader(20_000, 20_000));
    expect(r4.statusCode).toBe(413);
    expect(r4.json()).toMatchObject({ error: 'IMAGE_TOO_MANY_PIXELS', message: expect.stringContaining('像素过大') });
    // 60 MP in all is the limit even under 20,000 px a side.
    expect((await upload64('teacher01', 'wide.png', craftedPngHeader(10_000, 7_000))).statusCode).toBe(413);

    const r5 = await t.call('POST', `${FS}/files`, { token: tok.teacher01, body: { no: 'file' } });
    expect(r5.statusCode).toBe(400);
  });

  it('reads a file only with a token of its school or a valid signed link', async () => {
    const png = await solidImage(20, 20, 5);
    const f = (await upload64('teacher01', 'r.png', png)).json().data;
    const own = await t.call(filesRoutes.read, { params: { id: f.id } }, { token: tok.teacher01 });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.raw.rawPayload.equals(png)).toBe(true);
    expect((await t.call(filesRoutes.read, { params: { id: f.id } })).status).toBe(401);
    expect((await t.call(filesRoutes.read, { params: { id: f.id } }, { token: tok.teacherB01 })).status).toBe(404);
    expect((await t.call(filesRoutes.info, { params: { id: f.id } }, { token: tok.teacherB01 })).status).toBe(404);
    expect((await t.call(filesRoutes.read, { params: { id: '00000000-0000-4000-8000-000000000000' } }, { token: tok.teacher01 })).status).toBe(404);

    const signed = await t.call('GET', f.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(png)).toBe(true);
    expect(signed.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    const wrong = await t.call('GET', f.url.replace(/sig=./, (m: string) => (m.endsWith('A') ? 'sig=B' : 'sig=A')));
    expect(wrong.statusCode).toBe(403);
    const exp = Number(new URL(f.url, 'http://x').searchParams.get('exp'));
    expect((await t.call('GET', f.url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).statusCode).toBe(403);
    t.clock.offsetMs = 3 * 3600_000;
    try {
      const expired = await t.call('GET', f.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toContain('已过期');
    } finally {
      t.clock.offsetMs = 0;
    }
  });
  it('a signed link from info is short-lived and bound to its reader: it stops once the teacher loses the class', async () => {
    const db = t.database.db;
    const fx = await taskFixture(db, { username: 'teacher01', className: '七年级1班', title: '绑定链接' });
    // a page of an essay in the class, uploaded by someone else (the uploader keeps their own files)
    const png = await solidImage(24, 24, 9);
    const file = (await upload64('teacher01', 'page.png', png)).json().data;
    const [essay] = await db.insert(essays).values({ schoolId: fx.schoolId, taskId: fx.taskId, classId: fx.classId, studentId: await newStudent(db, fx), source: 'single', submittedByIdentityId: fx.creatorIdentityId }).returning();
    await db.insert(essayPages).values({ essayId: essay!.id, fileId: file.id, pageNo: 1 });
    const teacher = await registerTeacher(t, 'bl');
    const [ident] = await db.select().from(identities).where(and(eq(identities.userId, teacher.userId), isNull(identities.ssoSource)));
    await db.insert(classTeachers).values({ classId: fx.classId, identityId: ident!.id });
    const token = await t.login(teacher.username, teacher.password);

    const info = await t.call(filesRoutes.info, { params: { id: file.id } }, { token });
    expect(info.status, info.raw.body).toBe(200);
    const { url, urlExpiresAt } = info.body.data as { url: string; urlExpiresAt: string };
    const ttlMs = Date.parse(urlExpiresAt) - Date.now();
    expect(ttlMs).toBeGreaterThan(4 * 60_000);
    expect(ttlMs).toBeLessThanOrEqual(6 * 60_000 + 5_000); // 5 minutes, rounded up to the minute
    expect(new URL(url, 'http://x').searchParams.get('by')).toBe(String(ident!.id));
    expect((await t.call('GET', url)).rawPayload.equals(png)).toBe(true);
    // the link names its reader: moved to another identity, the signature no longer holds
    expect((await t.call('GET', url.replace(/by=\d+$/, `by=${fx.creatorIdentityId}`))).statusCode).toBe(403);

    // expired after its few minutes
    t.clock.offsetMs = 7 * 60_000;
    try {
      const expired = await t.call('GET', url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().error).toBe('LINK_INVALID');
    } finally {
      t.clock.offsetMs = 0;
    }

    // the teacher loses the class: the link they were given stops working at once
    await db.delete(classTeachers).where(and(eq(classTeachers.classId, fx.classId), eq(classTeachers.identityId, ident!.id)));
    expect((await t.call('GET', url)).statusCode).toBe(404);
    expect((await t.call(filesRoutes.info, { params: { id: file.id } }, { token })).status).toBe(404);
    // the teacher who still has the class reads it as before
    const stillOwn = (await t.call(filesRoutes.info, { params: { id: file.id } }, { token: tok.teacher01 })).body.data.url as string;
    expect((await t.call('GET', stillOwn)).statusCode).toBe(200);
  });
});
