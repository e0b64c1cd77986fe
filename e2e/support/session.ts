import { expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { PASSWORD } from './demo-users';

export { PASSWORD };
export const baseUrl = () => inject('baseUrl');
export const enUrl = () => `http://en.localhost:${inject('port')}`;

/** Opens a page, signs in through the login form and waits until the app has left the login page. */
export async function signIn(browser: Browser, username: string, opts: { origin?: string; password?: string; path?: string } = {}) {
  const { context, page } = await newPage(browser);
  const origin = opts.origin ?? baseUrl();
  await page.goto(`${origin}/teaching${opts.path ?? '/user/login'}`);
  await fillLogin(page, username, opts.password ?? PASSWORD);
  await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
  // Let the session finish loading (info, school, version, menus) before the test acts on it.
  await page.waitForLoadState('networkidle');
  return { context, page };
}

export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder(/^(用户名|Username)$/).fill(username);
  await page.getByPlaceholder(/^(密码|Password)$/).fill(password);
  await page.locator('[data-testid=login-page] button[type=submit]').first().click();
}

/** The app path (without /teaching) the page is on. */
export function appPath(page: Page): string {
  return new URL(page.url()).pathname.replace(/^\/teaching/, '');
}

export async function expectPath(page: Page, path: string) {
  await expect.poll(() => appPath(page), { timeout: 15_000 }).toBe(path);
}

export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'));
  return (JSON.parse(raw ?? '{}') as { value: string }).value;
}

export async function apiStatus(token: string, path = '/correction-api/platform-system/auth/info'): Promise<number> {
  const res = await fetch(baseUrl() + path, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}
