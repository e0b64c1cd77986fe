import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { readOrCreateOnce } from './create-once';

/** The RSA key pair the client encrypts password fields with (product-rules.md#api). */
export interface PasswordCipher {
  /** SubjectPublicKeyInfo DER, Base64, for Web Crypto's importKey('spki'). */
  publicKeySpki: string;
  /** Decrypts a Base64 RSA-OAEP(SHA-256) field; a clear, localised 400 when it is not one. */
  decrypt(base64: string): string;
}

function fromPrivateKey(privateKey: KeyObject): PasswordCipher {
  return {
    publicKeySpki: createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64'),
    decrypt(base64) {
      try {
        const buf = Buffer.from(base64, 'base64');
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, buf).toString('utf8');
      } catch {
        throw new AppError(400, 'DECRYPT_FAILED', 'auth.decryptFailed', undefined, { show: true });
      }
    },
  };
}

/**
 * Loads the key pair: from `keyFile` when configured (PASSWORD_RSA_KEY_FILE: the same PEM for every
 * server process, so a password encrypted with one server's public key opens on any other), else
 * from DATA_DIR (created once, shared by processes sharing the folder), else a throwaway in memory.
 */
export function loadPasswordCipher(dataDir?: string, keyFile?: string): PasswordCipher {
  if (keyFile) return fromPrivateKey(createPrivateKey(readFileSync(keyFile)));
  if (!dataDir) return fromPrivateKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
  const pem = readOrCreateOnce(path.join(dataDir, 'password-rsa.pem'), () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return fromPrivateKey(createPrivateKey(pem));
}
