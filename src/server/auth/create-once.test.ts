import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../core/security/encrypt-password';
import { loadPasswordCipher } from './rsa-keys';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);

// product-rules.md#security: several server processes must agree on the password key (a password encrypted
// with one server's public key failed on another) and on the token secret.
describe('secrets shared by several processes', () => {
  let dir = '';
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  it('eight processes starting together on one DATA_DIR all end up with the same key and secret, no temp file left', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-keys-'));
    const script = `import { loadPasswordCipher } from ${JSON.stringify(path.join(here, 'rsa-keys.ts'))};
import { loadConfig } from ${JSON.stringify(path.join(here, '..', 'config.ts'))};
const c = loadConfig({ DATA_DIR: ${JSON.stringify(dir)}, NODE_ENV: 'test' });
console.log(JSON.stringify({ key: loadPasswordCipher(c.dataDir).publicKeySpki, secret: Buffer.from(c.jwtSecret).toString('hex') }));`;
    const file = path.join(dir, 'start.mts');
    await writeFile(file, script);
    const outs = await Promise.all(Array.from({ length: 8 }, () => run(process.execPath, ['--import', 'tsx', file], { cwd: path.join(here, '../../..') })));
    const answers = outs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()!) as { key: string; secret: string });
    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expect(new Set(answers.map((a) => a.secret)).size).toBe(1);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('PASSWORD_RSA_KEY_FILE: servers with different data folders decrypt each other’s password fields', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-keys-'));
    const keyFile = path.join(dir, 'shared.pem');
    await writeFile(keyFile, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const one = loadPasswordCipher(path.join(dir, 'a'), keyFile);
    const two = loadPasswordCipher(path.join(dir, 'b'), keyFile);
    expect(two.decrypt(await encryptPassword('Zhipi@2026', one.publicKeySpki))).toBe('Zhipi@2026');
    // Without it, each folder has its own key: the failure the issue saw.
    const own = loadPasswordCipher(path.join(dir, 'c'));
    const encryptedByOne = await encryptPassword('x', one.publicKeySpki);
    expect(() => own.decrypt(encryptedByOne)).toThrow();
  });
});
