import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this workplace needs (no downloads, no background networking). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // en.localhost must reach the local server too.
  '--host-resolver-rules=MAP en.localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number; mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    deviceScaleFactor: 1,
    isMobile: opts.mobile ?? false,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  return { context, page };
}
