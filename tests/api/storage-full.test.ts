import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { solidImage } from '../helpers/images';
import { LocalFileStorage } from '../../src/server/storage/local-file-storage';
import { files as filesRoutes } from '../../src/core/api/routes/files';


/** Local storage whose disk can be made full: the temp file is created, then the write hits /dev/full (a real ENOSPC). */
class FillableStorage extends LocalFileStorage {
  full = false;
  protected override async writeTemp(tmp: string, bytes: Buffer): Promise<void> {
    if (!this.full) return super.writeTemp(tmp, bytes);
    await writeFile(tmp, '');
    await writeFile('/dev/full', bytes);
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  return out;
}

// product-rules.md#security: a full disk gave a generic 500 and left a 0-byte .tmp file. Now the upload is
// refused with "storage full" in the caller's language, no temp file and no file row remain, and the
// same upload works once there is room again.
describe.each(databaseKinds())('storage full on %s', (kind) => {
  let t: TestApp;
  let dir = '';
  let storage: FillableStorage;
  let token = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-full-'));
    storage = new FillableStorage(dir);
    t = await createTestApp(kind, { jobs: false, deps: { storage } });
    token = await t.login('teacher01');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const fileRows = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from files`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  it('answers 507 STORAGE_FULL in zh and en, keeps no temp file or row, and works again once there is room', async () => {
    const image = await solidImage(400, 300, 7, 'png');
    const body = { fileName: 'page.png', contentBase64: image.toString('base64') };
    const rowsBefore = await fileRows();
    storage.full = true;
    const zh = await t.call(filesRoutes.uploadBase64, { body }, { token });
    expect(zh.status).toBe(507);
    expect(zh.body).toMatchObject({ error: 'STORAGE_FULL', message: '服务器存储空间已满，文件没有保存，请联系管理员清理空间后重试' });
    const en = await t.call(filesRoutes.uploadBase64, { body }, { token, lang: 'en' });
    expect(en.body.message).toBe('The server’s storage is full and the file was not saved; ask your administrator to free some space, then try again');
    expect(await filesUnder(dir)).toEqual([]);
    expect(await fileRows()).toBe(rowsBefore);

    storage.full = false;
    const saved = await t.call(filesRoutes.uploadBase64, { body }, { token });
    expect(saved.status, saved.raw.body).toBe(200);
    const stored = await filesUnder(dir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toMatch(/\.tmp$/);
    expect(await fileRows()).toBe(rowsBefore + 1);
    const content = await t.call(filesRoutes.read, { params: { id: saved.body.data.id } }, { token });
    expect(content.raw.rawPayload.equals(image)).toBe(true);
  });
});
