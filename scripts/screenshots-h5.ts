/**
 * The H5 pages a student opens from the class QR code, at 375 px, in Chinese and English, from a running
 * server with the demo school (npm start): the class page, the messages page's name list, a student's
 * messages (the notice of an essay the teacher approved, in the page's language) and an unknown path.
 *   node --import tsx scripts/screenshots-h5.ts [baseUrl]
 * The upload page is in scripts/screenshots.ts; the parents' report, samples, practice, etiquette test and
 * enrolment pages are taken by their e2e specs (class-report, samples, practice, lcw-enrollment).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = path.resolve('docs/screenshots');
mkdirSync(out, { recursive: true });
const port = new URL(base).port || '80';
const origins = { zh: base, en: `http://en.localhost:${port}` } as const;

async function api<T>(token: string, p: string, body?: unknown, lang: 'zh' | 'en' = 'zh'): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': lang === 'en' ? 'en' : 'zh-CN', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${base}/correction-api${p}`, body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

/** Approves an AI-corrected demo essay in `lang` (the student's notice is written in it) and returns its student; waits up to 5 min for the AI. */
async function approveFor(token: string, taskId: number, classId: number, lang: 'zh' | 'en', taken: Set<number>): Promise<number> {
  for (let i = 0; i < 150; i++) {
    const list = await api<{ students: { studentId: number; essays: { id: number; status: string; draft: number }[] }[] }>(token, `/platform-management/writings/list?taskId=${taskId}&classId=${classId}`);
    for (const s of list.students) {
      const ready = s.essays.find((e) => e.draft === 0 && e.status === 'ai_done');
      if (!ready || taken.has(ready.id)) continue;
      taken.add(ready.id);
      await api(token, '/platform-management/review/approve', { essayId: ready.id, teacherComment: lang === 'en' ? 'True to life; say what it means to you at the end.' : '细节写得真实，结尾再点明中心会更好。' }, lang);
      return s.studentId;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('no demo essay was AI-corrected in 5 minutes');
}

/** A screenshot once antd-mobile's transitions and toasts are over. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.adm-toast-mask'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name) });
}

const key = (await api<{ publicKey: string }>('', '/platform-system/auth/publicKey')).publicKey;
const token = (await api<{ token: string }>('', '/platform-system/auth/loginTeacher', { username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, key) })).token;
const klass = (await api<{ list: { id: number; name: string; classCode: string }[] }>(token, '/platform-management/mclass/list?pageSize=50')).list.find((c) => c.name === '七年级1班')!;
const task = (await api<{ list: { id: number; status: string }[] }>(token, `/platform-management/tasks/list?classId=${klass.id}`)).list.find((t) => t.status === 'released')!;
const roster = (await api<{ list: { id: number; name: string; h5Code: string }[] }>(token, `/platform-management/mStudent/list?classId=${klass.id}&pageSize=100`)).list;

const browser = await launchBrowser();
const taken = new Set<number>();
try {
  for (const lang of ['zh', 'en'] as const) {
    const origin = origins[lang];
    const code = klass.classCode;
    const { context, page } = await newPage(browser, { width: 375, height: 760, mobile: true });
    await page.goto(`${origin}/teaching/h5/join?code=${code}`);
    await page.getByTestId('h5-join').locator('.adm-list-item').first().waitFor();
    await shot(page, `h5-join-${lang}-375.png`);

    await page.goto(`${origin}/teaching/h5/messages?code=${code}`);
    await page.getByTestId('h5-messages-student').first().waitFor();
    await shot(page, `h5-messages-names-${lang}-375.png`);

    // a student with a notice in this language: the phone remembers them, as after typing their code once
    const studentId = await approveFor(token, task.id, klass.id, lang, taken);
    const student = roster.find((s) => s.id === studentId);
    if (student) {
      await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [`zhipi-h5-student:${code}`, JSON.stringify({ studentId: student.id, studentCode: student.h5Code })] as const);
      await page.goto(`${origin}/teaching/h5/messages?code=${code}`);
      await page.getByTestId('h5-message').first().waitFor();
      await shot(page, `h5-messages-${lang}-375.png`);
    } else console.warn(`student ${studentId} not in the class list: h5-messages-${lang}-375.png not taken`);

    await page.goto(`${origin}/teaching/h5/no-such-page`);
    await page.locator('.adm-error-block').waitFor();
    await shot(page, `h5-not-found-${lang}-375.png`);
    await context.close();
  }
  console.log(`H5 screenshots written to ${out}`);
} finally {
  await browser.close();
}
