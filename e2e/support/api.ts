import { encryptPassword } from '../../src/core/security/encrypt-password';
import { baseUrl, PASSWORD } from './session';

/** One call of the JSON API as a signed-in user (POST when a body or form is given); throws with the server's message. */
export async function apiCall<T>(token: string, p: string, body?: unknown, form?: FormData): Promise<T> {
  const res = await fetch(`${baseUrl()}/correction-api${p}`, {
    method: body || form ? 'POST' : 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

/** Signs a demo user in through the API (password RSA-encrypted as the login page does) and returns the token. */
export async function signInToken(username = 'teacher01'): Promise<string> {
  const key = (await apiCall<{ publicKey: string }>('', '/platform-system/auth/publicKey')).publicKey;
  return (await apiCall<{ token: string }>('', '/platform-system/auth/loginTeacher', { username, password: await encryptPassword(PASSWORD, key) })).token;
}
