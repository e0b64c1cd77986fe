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

/** A student's own code for the H5 pages (学生码), read from the class list as the teacher sees it. */
export async function studentCodeOf(token: string, classId: number, name: string): Promise<string> {
  const list = await apiCall<{ list: { name: string; h5Code?: string }[] }>(token, `/platform-management/mStudent/list?classId=${classId}&pageSize=100`);
  const code = list.list.find((s) => s.name === name)?.h5Code;
  if (!code) throw new Error(`no student code for ${name} in class ${classId}`);
  return code;
}
