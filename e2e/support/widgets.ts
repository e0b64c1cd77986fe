import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { baseUrl } from './session';

/**
 * Counts what could leak out of an element, installed before any page script: listeners on window,
 * document, <html> and <body> (net: added minus removed), and live setInterval timers.
 */
export const LEAK_PROBE = `(() => {
  const ids = new WeakMap();
  let next = 0;
  const id = (o) => { if (!ids.has(o)) ids.set(o, ++next); return ids.get(o); };
  const name = (t) => (t === window ? 'window' : t === document ? 'document' : t === document.documentElement ? 'html' : document.body && t === document.body ? 'body' : null);
  const capture = (o) => Boolean(typeof o === 'boolean' ? o : o && o.capture);
  // Only what the page's own scripts add (zhipi's modules and the portal), not the test driver's.
  const fromPage = () => (new Error().stack || '').includes('/teaching/widgets/');
  const live = new Map();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    const target = fn && name(this);
    if (target && fromPage()) live.set(id(this) + '|' + type + '|' + id(fn) + '|' + capture(opts), target + ' ' + type + (capture(opts) ? ' (capture)' : ''));
    return add.call(this, type, fn, opts);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, opts) {
    if (fn && name(this)) live.delete(id(this) + '|' + type + '|' + id(fn) + '|' + capture(opts));
    return remove.call(this, type, fn, opts);
  };
  const intervals = new Set();
  const setI = window.setInterval.bind(window);
  const clearI = window.clearInterval.bind(window);
  window.setInterval = (...a) => { const h = setI(...a); intervals.add(h); return h; };
  window.clearInterval = (h) => { intervals.delete(h); return clearI(h); };
  window.__zpProbe = {
    // "window mousedown × 3": how many listeners of each kind are registered now
    listeners: () => { const n = {}; for (const k of live.values()) n[k] = (n[k] || 0) + 1; return Object.entries(n).map(([k, c]) => k + ' × ' + c).sort(); },
    intervals: () => intervals.size,
    reactRoots: () => [...document.querySelectorAll('zp-task-board, zp-correction-panel')].filter((el) => window.__zpProbe.hasReactRoot(el)).length,
    hasReactRoot: (el) => { const r = el.shadowRoot; return Boolean(r && Object.keys(r).some((k) => k.startsWith('__reactContainer$') && r[k])); },
  };
})();`;

export interface LeakCounts {
  listeners: string[];
  intervals: number;
  reactRoots: number;
}

export function leakCounts(page: Page): Promise<LeakCounts> {
  return page.evaluate(() => {
    const p = (window as unknown as { __zpProbe: { listeners(): string[]; intervals(): number; reactRoots(): number } }).__zpProbe;
    return { listeners: p.listeners(), intervals: p.intervals(), reactRoots: p.reactRoots() };
  });
}

/** The demo partner portal at /teaching/widgets/demo/, with the leak probe installed. */
export async function openDemoPortal(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const { context, page } = await newPage(browser, { width: opts.width ?? 1440, height: opts.height ?? 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // a text the elements' catalogue subset missed (src/core/i18n/catalogue-store.ts) counts as an error
  page.on('console', (m) => m.type() === 'warning' && m.text().includes('catalogue') && errors.push(m.text()));
  await context.addInitScript(LEAK_PROBE);
  await page.goto(`${baseUrl()}/teaching/widgets/demo/`);
  return { context, page, errors };
}

/** Entries of the portal's event log, newest first, as { event, source, detail }. */
export async function portalLog(page: Page): Promise<{ event: string; source: string; detail: Record<string, unknown> }[]> {
  return page.locator('#log li').evaluateAll((items) =>
    items.map((li) => ({ event: (li as HTMLElement).dataset.event!, source: (li as HTMLElement).dataset.source!, detail: JSON.parse(li.querySelector('code')!.textContent!) as Record<string, unknown> })),
  );
}

export async function waitForLogged(page: Page, event: string, source: string, count = 1) {
  await expect.poll(async () => (await portalLog(page)).filter((e) => e.event === event && e.source === source).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
}

/** A zhipi token of a stand-in partner user, the way a partner's server gets one (launch → exchange). */
export async function partnerToken(user = 'p-teacher01'): Promise<string> {
  const launch = (await (await fetch(`${baseUrl()}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user }) })).json()) as { partnerId: string; launch: string };
  const res = await fetch(`${baseUrl()}/correction-api/platform-system/auth/sso/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(launch) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/correction-api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}
