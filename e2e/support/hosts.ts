import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';

// Host pages of other frameworks embedding the BUILT elements (e2e/widgets-hosts.spec.ts), answered by
// the test on a partner origin the demo partners allow (DEMO_PARTNER_ORIGINS), all offline.
export const PARTNER_ORIGIN = 'http://127.0.0.1:18091';
const root = path.resolve(import.meta.dirname, '../..');
const hosts = path.join(root, 'e2e/hosts');

/**
 * Installed before any page script: records every node added as a direct child of <head> or <body>
 * after the page parsed (what an element must never do), and the zp-* events seen on the document.
 */
export const PAGE_PROBE = `(() => {
  window.__added = [];
  window.__events = [];
  for (const name of ['zp-ready', 'zp-rendered', 'zp-error', 'zp-auth-expired', 'zp-essay-open', 'zp-task-open', 'zp-navigate']) {
    document.addEventListener(name, (e) => window.__events.push({ type: name, from: e.target.id || e.target.localName, detail: name === 'zp-ready' || name === 'zp-rendered' ? null : e.detail }));
  }
  document.addEventListener('DOMContentLoaded', () => {
    const watch = (parent) => new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.__added.push(parent.localName + ' > ' + (n.localName || n.nodeName) + (n.className ? '.' + n.className : ''));
    }).observe(parent, { childList: true });
    watch(document.head);
    watch(document.body);
  });
})();`;

export interface HostEvent {
  type: string;
  from: string;
  detail: Record<string, unknown> | null;
}

export const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { __events: HostEvent[] }).__events);
export const addedToPage = (page: Page) => page.evaluate(() => (window as unknown as { __added: string[] }).__added);
export const setHost = (page: Page, patch: Record<string, unknown>) => page.evaluate((p) => (window as unknown as { host: { set(p: unknown): void } }).host.set(p), patch);

/** Builds a React 19 host script (e2e/hosts/react19, its own package with React 19) into a temp folder; returns its code. */
export async function buildReact19Host(script = 'host.js'): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'zhipi-react19-host-'));
  await build({
    configFile: false,
    root: path.join(hosts, 'react19'),
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir, emptyOutDir: true, minify: false, modulePreload: false, rolldownOptions: { input: path.join(hosts, 'react19', script), output: { entryFileNames: 'host.js', format: 'es' } } },
  });
  return readFileSync(path.join(outDir, 'host.js'), 'utf8');
}

/** Serves a host page (`e2e/hosts/<kind>/<page>.html`, and its scripts) on the partner origin. */
export async function serveHost(context: BrowserContext, kind: 'vue' | 'react19', opts: { loader: string; config: Record<string, unknown>; react19?: string; page?: string }) {
  await context.grantPermissions(['local-network-access']);
  const html = readFileSync(path.join(hosts, kind, `${opts.page ?? 'index'}.html`), 'utf8')
    .replaceAll('__LOADER__', opts.loader)
    .replaceAll('__VUE__', `${PARTNER_ORIGIN}/vue.js`)
    .replaceAll('__HOST__', `${PARTNER_ORIGIN}/host.js`)
    .replaceAll('__CONFIG__', JSON.stringify(opts.config));
  const vue = readFileSync(path.join(root, 'node_modules/vue/dist/vue.esm-browser.prod.js'), 'utf8');
  await context.route(`${PARTNER_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/vue.js') return route.fulfill({ contentType: 'text/javascript', body: vue });
    if (url.pathname === '/host.js') return route.fulfill({ contentType: 'text/javascript', body: opts.react19 ?? '' });
    return route.fulfill({ contentType: 'text/html', body: html });
  });
  return `${PARTNER_ORIGIN}/${kind}.html`;
}

/** Live objects after a forced garbage collection (CDP): elements, shadow roots, DOM nodes, JS listeners. */
export async function liveCounts(cdp: CDPSession) {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  // Every handle in one object group, released after counting: a handle kept by DevTools would keep the objects alive.
  const objectGroup = 'zp-live-counts';
  const count = async (prototype: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: prototype, objectGroup });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: result.objectId!, objectGroup });
    const { result: n } = await cdp.send('Runtime.callFunctionOn', { objectId: objects.objectId!, functionDeclaration: 'function () { return this.length; }', returnByValue: true, objectGroup });
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup });
    return n.value as number;
  };
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    boards: await count("customElements.get('zp-task-board').prototype"),
    panels: await count("customElements.get('zp-correction-panel').prototype"),
    shadowRoots: await count('ShadowRoot.prototype'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
  };
}

/** A plain HTML page on the partner origin, with the page probe installed and zhipi's loader in its head. */
export async function openPlainPage(context: BrowserContext, page: Page, loader: string, body: string, head = '') {
  await context.grantPermissions(['local-network-access']);
  await context.addInitScript(PAGE_PROBE);
  await context.route(`${PARTNER_ORIGIN}/plain.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="${loader}"></script>${head}</head><body>${body}</body></html>` }),
  );
  await page.goto(`${PARTNER_ORIGIN}/plain.html`);
}
