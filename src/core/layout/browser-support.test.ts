import { describe, expect, it } from 'vitest';
import { isSupportedBrowser, shouldWarnBrowser } from './browser-support';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  qq: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.218.400 QQBrowser/12.1.5496.400',
};

describe('isSupportedBrowser', () => {
  it.each([
    ['Chrome', UA.chrome],
    ['Chrome on iOS', UA.chromeIos],
    ['Edge', UA.edge],
    ['HeadlessChrome', UA.headless],
  ])('supports %s', (_name, ua) => {
    expect(isSupportedBrowser(ua)).toBe(true);
  });

  it.each([
    ['Firefox', UA.firefox],
    ['Safari', UA.safari],
    ['Opera', UA.opera],
    ['QQBrowser', UA.qq],
    ['an empty user agent', ''],
  ])('warns on %s', (_name, ua) => {
    expect(isSupportedBrowser(ua)).toBe(false);
  });
});

describe('shouldWarnBrowser', () => {
  const iosSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const wechat = 'Mozilla/5.0 (Linux; Android 13; V2196A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5075 MMWEBSDK/20230405 MicroMessenger/8.0.35.2360(0x2800235B) WeChat/arm64';
  it('warns desktop browsers other than Chrome and Edge', () => {
    expect(shouldWarnBrowser(UA.firefox)).toBe(true);
    expect(shouldWarnBrowser(UA.safari)).toBe(true);
    expect(shouldWarnBrowser(UA.chrome)).toBe(false);
  });
  it('never warns on phones: iOS Safari and WeChat', () => {
    expect(shouldWarnBrowser(iosSafari)).toBe(false);
    expect(shouldWarnBrowser(wechat)).toBe(false);
  });
});
