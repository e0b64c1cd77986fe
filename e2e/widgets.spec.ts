import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { baseUrl, signIn } from './support/session';
import { apiGet, partnerToken } from './support/widgets';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('widgets', () => {
  it('renders <zp-task-board> in its own shadow root, unharmed by hostile page CSS, and reports zp-ready', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.goto(`${baseUrl()}/teaching/widgets/`);
    await page.addStyleTag({ content: '* { font: 30px serif !important } button { display: none }' });
    // Playwright's CSS locators pierce open shadow roots.
    await page.getByTestId('task-board').waitFor();
    expect(await page.evaluate(() => Boolean(document.querySelector('zp-task-board')?.shadowRoot?.querySelector('[data-testid=task-board]')))).toBe(true);
    expect(await page.getByTestId('assign-task').isVisible()).toBe(true);
    const fontSize = await page.getByTestId('task-board').evaluate((el) => getComputedStyle(el).fontSize);
    expect(fontSize).toBe('14px');
    await expect.poll(() => page.locator('#log').textContent()).toContain('zp-ready');
    await page.getByTestId('task-card').first().getByText('详情').click();
    await expect.poll(() => page.locator('#log').textContent()).toContain('zp-task-open');
    await context.close();
  });
});

describe('widgets delivery (the built bundle)', () => {
  const loaderUrl = () => `${baseUrl()}/teaching/widgets/zp-widgets.js`;

  it('serves a short-cached loader that imports long-cached, content-hashed modules sharing one runtime chunk, compressed', async () => {
    const loader = await fetch(loaderUrl(), { headers: { 'accept-encoding': 'br' } });
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cache-control')).toBe('no-cache');
    expect(loader.headers.get('content-encoding')).toBe('br');
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    const etag = loader.headers.get('etag')!;
    // (fetch adds cache-control: no-cache to conditional requests unless one is given, which defeats revalidation)
    expect((await fetch(loaderUrl(), { headers: { 'accept-encoding': 'br', 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304);
    const source = await loader.text();
    const modules = JSON.parse(source.slice(source.indexOf('{'), source.indexOf('};') + 1)) as Record<string, string[]>;
    expect(Object.keys(modules).sort()).toEqual(['zp-class-report', 'zp-correction-panel', 'zp-growth-profile', 'zp-task-board']);
    const runtime = (files: string[]) => files.find((f) => /zp-runtime-[\w-]+\.js$/.test(f));
    expect(runtime(modules['zp-task-board']!)).toBeDefined();
    expect(runtime(modules['zp-task-board']!)).toBe(runtime(modules['zp-correction-panel']!));
    for (const file of new Set(Object.values(modules).flat())) {
      expect(file).toMatch(/^\.\/assets\/[\w-]+-[\w-]{8}\.js$/);
      const res = await fetch(new URL(file, loaderUrl()), { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
    }
  });

  it('mounts from another origin with ?elements=: only the asked element loads, signs in with an SSO launch and calls the API across origins', async () => {
    // A partner page on an origin the demo partners allow (DEMO_PARTNER_ORIGINS), answered by the test.
    const partnerOrigin = 'http://127.0.0.1:18091';
    const launch = (await (await fetch(`${baseUrl()}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'p-teacher01' }) })).json()) as { partnerId: string; launch: string };
    const { context, page } = await newPage(browser);
    // The page is answered by the test, so Chromium counts it as public and asks before it reaches
    // zhipi on the loopback address (Local Network Access): grant it, as a user would.
    await context.grantPermissions(['local-network-access']);
    await page.route(`${partnerOrigin}/portal.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><style>* { font: 30px serif !important } button { display: none }</style>
          <script type="module" src="${loaderUrl()}?elements=zp-task-board"></script></head>
          <body><zp-task-board id="b" api-base="${baseUrl()}" lang="en" partner-id="${launch.partnerId}" sso-ticket="${launch.launch}"></zp-task-board>
          <script>window.seen = []; for (const n of ['zp-ready', 'zp-error', 'zp-auth-expired']) document.addEventListener(n, (e) => seen.push(n));</script></body></html>`,
      }),
    );
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${partnerOrigin}/portal.html`);
    await page.getByTestId('task-card').first().waitFor();
    expect(await page.evaluate(() => location.origin)).toBe(partnerOrigin);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['zp-ready']);
    expect(await page.getByTestId('task-board').evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    expect(await page.evaluate(() => [Boolean(customElements.get('zp-task-board')), Boolean(customElements.get('zp-correction-panel'))])).toEqual([true, false]);
    expect(scripts.some((u) => u.includes('zp-task-board-'))).toBe(true);
    expect(scripts.some((u) => u.includes('zp-correction-panel-'))).toBe(false);
    // lang="en": only the English texts of the elements are fetched
    expect(scripts.filter((u) => u.includes('zp-catalogue-')).map((u) => u.replace(/^.*\/(zp-catalogue-\w+)-.*$/, '$1'))).toEqual(['zp-catalogue-en']);
    await context.close();
  });
  it('shows the correction panel on another origin with the essay pages loaded from zhipi', async () => {
    const partnerOrigin = 'http://127.0.0.1:18091';
    const launch = (await (await fetch(`${baseUrl()}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'p-teacher01' }) })).json()) as { partnerId: string; launch: string };
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['local-network-access']);
    await page.route(`${partnerOrigin}/panel.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><script type="module" src="${loaderUrl()}?elements=zp-correction-panel"></script></head>
          <body><zp-correction-panel api-base="${baseUrl()}/" partner-id="${launch.partnerId}" sso-ticket="${launch.launch}" readonly></zp-correction-panel></body></html>`,
      }),
    );
    await page.goto(`${partnerOrigin}/panel.html`);
    // no essay-id yet: the element says what it needs
    await expect.poll(() => page.locator('zp-correction-panel').evaluate((el) => el.shadowRoot?.textContent ?? ''), { timeout: 20_000 }).toContain('essay-id');
    const token = await partnerToken('p-teacher01');
    const klass = (await apiGet<{ list: { id: number; name: string }[] }>(token, '/platform-management/mclass/list?pageSize=50')).list.find((c) => c.name === '七年级1班')!;
    const task = (await apiGet<{ list: { id: number; title: string }[] }>(token, `/platform-management/tasks/list?classId=${klass.id}&pageSize=50`)).list.find((t) => t.title === '我的老师')!;
    const list = await apiGet<{ students: { essays: { id: number }[] }[] }>(token, `/platform-management/writings/list?taskId=${task.id}&classId=${klass.id}`);
    const first = list.students.flatMap((s) => s.essays)[0]!.id;
    await page.locator('zp-correction-panel').evaluate((el, id) => el.setAttribute('essay-id', String(id)), first);
    const image = page.getByTestId('cp-image').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${baseUrl()}/correction-api/file-service/`));
    // readonly: no approval button
    expect(await page.getByTestId('cp-approve').count()).toBe(0);
    await context.close();
  });
});
