import { encryptPassword } from '../../src/core/security/encrypt-password';
import { baseUrl, PASSWORD } from './session';
import { pathOf, type RouteAnswer, type RouteDef, type RouteInput } from '../../src/core/api/routes/route';
import { auth } from '../../src/core/api/routes/auth';
import { students } from '../../src/core/api/routes/students';

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

/** One call of a declared route (core/api/routes) as a signed-in user: path, method, input and answer typed by its contracts. */
export async function routeCall<D extends RouteDef>(token: string, def: D, input: RouteInput<D>): Promise<RouteAnswer<D>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const qs = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const p = `${pathOf(def, params)}${qs ? `?${qs}` : ''}`;
  const form = body instanceof FormData ? body : undefined;
  const res = await fetch(`${baseUrl()}/correction-api${p}`, {
    method: def.method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const json = (await res.json()) as { data: RouteAnswer<D>; message: string };
  if (!res.ok) throw new Error(`${def.method} ${p}: ${res.status} ${json.message}`);
  return json.data;
}

/** Signs a demo user in through the API (password RSA-encrypted as the login page does) and returns the token. */
export async function signInToken(username = 'teacher01'): Promise<string> {
  const key = (await routeCall('', auth.publicKey, {})).publicKey;
  return (await routeCall('', auth.loginTeacher, { body: { username, password: await encryptPassword(PASSWORD, key) } })).token;
}

/** A student's own code for the H5 pages (学生码), read from the class list as the teacher sees it. */
export async function studentCodeOf(token: string, classId: number, name: string): Promise<string> {
  const list = await routeCall(token, students.mStudentList, { query: { classId, pageSize: 100 } });
  const code = list.list.find((s) => s.name === name)?.h5Code;
  if (!code) throw new Error(`no student code for ${name} in class ${classId}`);
  return code;
}
