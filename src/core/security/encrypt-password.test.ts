import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './encrypt-password';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spkiBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const decrypt = (cipherBase64: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipherBase64, 'base64')).toString('utf8');

describe('encryptPassword', () => {
  it('encrypts with RSA-OAEP SHA-256 so the server’s private key recovers the plain text', async () => {
    const cipher = await encryptPassword('Secret123', spkiBase64);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(cipher)).toBe('Secret123');
  });

  it('round-trips non-ASCII passwords as UTF-8', async () => {
    expect(decrypt(await encryptPassword('密码Pass✓1', spkiBase64))).toBe('密码Pass✓1');
  });

  it('produces a different ciphertext each time (randomised padding)', async () => {
    const a = await encryptPassword('same', spkiBase64);
    const b = await encryptPassword('same', spkiBase64);
    expect(a).not.toBe(b);
    expect(decrypt(a)).toBe('same');
    expect(decrypt(b)).toBe('same');
  });

  it('rejects a key that is not SPKI', async () => {
    await expect(encryptPassword('x', Buffer.from('not a key').toString('base64'))).rejects.toThrow();
  });
});
