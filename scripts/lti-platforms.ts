/**
 * Registers zhipi in a school's LMS from the command line (docs/lti.md), through the running server's
 * API, so it works on PostgreSQL and PGlite alike while the server runs. Signs in as a school
 * administrator (the headmaster role); the password comes from ZHIPI_PASSWORD, never the command line.
 *
 *   ZHIPI_PASSWORD=… node --import tsx scripts/lti-platforms.ts list --server https://zhipi.example --username headmaster01
 *   ZHIPI_PASSWORD=… node --import tsx scripts/lti-platforms.ts add --server … --username … --name "Moodle" \
 *        --issuer https://moodle.school.example --client-id abc123 --deployment 1 \
 *        --auth-login-url https://moodle.school.example/mod/lti/auth.php \
 *        --token-url https://moodle.school.example/mod/lti/token.php \
 *        --jwks-url https://moodle.school.example/mod/lti/certs.php
 *   … disable|enable --id 3
 *
 * `list` also prints the URLs to enter in the LMS (login, launch/redirect, deep linking, JWKS).
 */
import { parseArgs } from 'node:util';
import { encryptPassword } from '../src/core/security/encrypt-password';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    username: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    issuer: { type: 'string' },
    'client-id': { type: 'string' },
    deployment: { type: 'string', multiple: true },
    'auth-login-url': { type: 'string' },
    'token-url': { type: 'string' },
    'jwks-url': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const need = (name: keyof typeof values): string => (values[name] as string | undefined) ?? fail(`--${name} is required`);
const server = need('server').replace(/\/+$/, '');
const api = `${server}/correction-api`;

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json().catch(() => null)) as { data?: T; message?: string; error?: string } | null;
  if (!res.ok) fail(`${method} ${path}: ${res.status} ${json?.error ?? ''} ${json?.message ?? ''}`);
  return json!.data as T;
}

const password = process.env.ZHIPI_PASSWORD ?? fail('set ZHIPI_PASSWORD to the administrator password');
const { publicKey } = await call<{ publicKey: string }>('GET', '/platform-system/auth/publicKey');
const { token } = await call<{ token: string }>('POST', '/platform-system/auth/loginTeacher', { username: need('username'), password: await encryptPassword(password, publicKey) });

type Platform = { id: number; name: string; issuer: string; clientId: string; deploymentIds: string[]; authLoginUrl: string; tokenUrl: string; jwksUrl: string; enabled: boolean };
const command = positionals[0];
if (command === 'list') {
  const { tool, platforms } = await call<{ tool: Record<string, string>; platforms: Platform[] }>('GET', '/lti/platforms', undefined, token);
  console.log('Enter these in the LMS:');
  for (const [k, v] of Object.entries(tool)) console.log(`  ${k}\t${v}`);
  for (const p of platforms) console.log(`${p.id}\t${p.enabled ? 'enabled' : 'disabled'}\t${p.name}\t${p.issuer}\tclient ${p.clientId}\tdeployments ${p.deploymentIds.join(',')}`);
} else if (command === 'add') {
  const created = await call<Platform>(
    'POST',
    '/lti/platforms',
    { name: need('name'), issuer: need('issuer'), clientId: need('client-id'), deploymentIds: values.deployment?.length ? values.deployment : fail('--deployment is required'), authLoginUrl: need('auth-login-url'), tokenUrl: need('token-url'), jwksUrl: need('jwks-url') },
    token,
  );
  console.log(`registered ${created.id}: ${created.name} (${created.issuer}, client ${created.clientId})`);
} else if (command === 'enable' || command === 'disable') {
  const { platforms } = await call<{ platforms: Platform[] }>('GET', '/lti/platforms', undefined, token);
  const p = platforms.find((x) => String(x.id) === need('id')) ?? fail('no such registration in your school');
  const { name, issuer, clientId, deploymentIds, authLoginUrl, tokenUrl, jwksUrl } = p;
  await call<Platform>('PUT', `/lti/platforms/${p.id}`, { name, issuer, clientId, deploymentIds, authLoginUrl, tokenUrl, jwksUrl, enabled: command === 'enable' }, token);
  console.log(`${p.id} ${command}d`);
} else {
  fail('usage: lti-platforms.ts list|add|enable|disable --server URL --username NAME (see the header of this file)');
}
// The session is not needed any more.
await fetch(`${api}/platform-system/auth/logout`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
