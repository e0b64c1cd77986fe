// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { widgetElement } from './define-widget';
import { useWidgetToken, type TokenSource } from './widget-token';

interface Props extends TokenSource {
  container?: ShadowRoot;
  lang?: string;
}

function TokenProbe(props: Props) {
  const state = useWidgetToken(props.container?.host, props, props.lang === 'en' ? 'en' : 'zh');
  return <output>{state.status === 'ready' ? state.token : state.status}</output>;
}
customElements.define('zp-token-probe', widgetElement(TokenProbe, { apiBase: 'string', token: 'string', ssoTicket: 'string', partnerId: 'string', lang: 'string' }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const shown = (el: Element) => el.shadowRoot!.querySelector('output')!.textContent;

// The exchange answered by a stand-in server: each launch works once, like zhipi's.
const spent = new Set<string>();
const calls: string[] = [];
let release: () => void = () => undefined;
beforeAll(() => {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { launch } = JSON.parse(String(init.body)) as { launch: string };
    calls.push(launch);
    await new Promise<void>((r) => (release = r));
    const replayed = spent.has(launch);
    spent.add(launch);
    return new Response(JSON.stringify(replayed ? { code: 401, message: 'replayed', error: 'SSO_REPLAYED' } : { code: 200, message: 'ok', data: { token: `token-of-${launch}` } }), {
      status: replayed ? 401 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('useWidgetToken', () => {
  it('exchanges a launch once per page: a lang change in flight and a new element object with the same launch reuse it', async () => {
    const el = document.createElement('zp-token-probe');
    el.setAttribute('partner-id', 'demo');
    el.setAttribute('sso-ticket', 'launch-1');
    await act(async () => document.body.append(el));
    expect(shown(el)).toBe('pending');
    await act(async () => el.setAttribute('lang', 'en'));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(shown(el)).toBe('token-of-launch-1');
    // a framework's remount: a new element object, same attributes
    await act(async () => el.remove());
    const again = document.createElement('zp-token-probe');
    again.setAttribute('partner-id', 'demo');
    again.setAttribute('sso-ticket', 'launch-1');
    await act(async () => document.body.append(again));
    expect(shown(again)).toBe('token-of-launch-1');
    expect(calls).toEqual(['launch-1']);
    again.remove();
  });
});
