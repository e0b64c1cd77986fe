// zhipi's own key pair as an LTI tool: made once (RSA 2048, RS256) and stored in the database so every
// process signs with the same key; the public half is served as the tool JWKS. The private key stays in
// this module: it is never logged, returned by a route or put in a page.
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, SignJWT, type JWTPayload } from 'jose';
import type { Executor } from '../db/database';
import { ltiRepo } from '../repositories/lti';

export const TOOL_ALG = 'RS256';

interface LoadedKey {
  kid: string;
  key: CryptoKey;
}

const loaded = new WeakMap<object, Promise<LoadedKey>>();

async function loadOrCreate(db: Executor): Promise<LoadedKey> {
  let row = await ltiRepo.newestKey(db);
  if (!row) {
    const pair = await generateKeyPair(TOOL_ALG, { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    await ltiRepo.insertKeyIfNone(db, { kid, publicJwk: { ...jwk, kid, alg: TOOL_ALG, use: 'sig' }, privatePem: await exportPKCS8(pair.privateKey) });
    row = await ltiRepo.newestKey(db);
    if (!row) throw new Error('LTI tool key was not stored');
  }
  return { kid: row.kid, key: await importPKCS8(row.privatePem, TOOL_ALG) };
}

/** The signing key of this database, loaded once per process (a failed load is retried next time). */
function toolKey(db: Executor): Promise<LoadedKey> {
  let hit = loaded.get(db);
  if (!hit) {
    hit = loadOrCreate(db);
    loaded.set(db, hit);
    hit.catch(() => loaded.delete(db));
  }
  return hit;
}

/** Signs a JWT with the tool key (deep-linking responses, client assertions). */
export async function signAsTool(db: Executor, payload: JWTPayload, opts: { expiresInS: number; now: Date }): Promise<string> {
  const { kid, key } = await toolKey(db);
  const iat = Math.floor(opts.now.getTime() / 1000);
  return new SignJWT(payload).setProtectedHeader({ alg: TOOL_ALG, kid, typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(iat + opts.expiresInS).sign(key);
}

/** The tool's public keys as a JWK Set (made on first call). */
export async function toolJwks(db: Executor): Promise<{ keys: object[] }> {
  await toolKey(db);
  const rows = await ltiRepo.publicKeys(db);
  return { keys: rows.map((r) => r.publicJwk as object) };
}
