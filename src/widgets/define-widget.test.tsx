// @vitest-environment jsdom
import { useEffect } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hostHandle, parseAttribute, setHostHandle, widgetElement } from './define-widget';

interface Props {
  container?: ShadowRoot;
  token?: string;
  label?: string;
  count?: number;
  readonly?: boolean;
  theme?: { colorPrimary?: string };
}

let renders = 0;
function Probe(props: Props) {
  renders++;
  const host = props.container?.host;
  useEffect(() => {
    if (!host) return;
    setHostHandle(host, { ping: () => host.setAttribute('data-pinged', 'yes') });
    return () => setHostHandle(host, null);
  }, [host]);
  return <output data-token={props.token ?? ''}>{JSON.stringify({ label: props.label ?? null, count: props.count ?? null, readonly: props.readonly ?? null, theme: props.theme ?? null })}</output>;
}

const Element = widgetElement(Probe, { token: 'secret', label: 'string', count: 'number', readonly: 'boolean', theme: 'json' });
customElements.define('zp-probe', Element);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const shown = (el: Element) => JSON.parse(el.shadowRoot!.querySelector('output')!.textContent!) as Record<string, unknown>;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

afterEach(async () => {
  await act(async () => {
    document.body.innerHTML = '';
  });
});

describe('parseAttribute', () => {
  it('reads a bare boolean attribute as true and false/0/off/no or its absence as false', () => {
    expect(parseAttribute('boolean', '')).toBe(true);
    expect(parseAttribute('boolean', 'readonly')).toBe(true);
    expect(parseAttribute('boolean', 'false')).toBe(false);
    expect(parseAttribute('boolean', '0')).toBe(false);
    expect(parseAttribute('boolean', null)).toBe(false);
  });

  it('reads an empty or removed attribute as not given, and a non-number as not given', () => {
    expect(parseAttribute('string', null)).toBeUndefined();
    expect(parseAttribute('string', '  ')).toBeUndefined();
    expect(parseAttribute('number', 'abc')).toBeUndefined();
    expect(parseAttribute('number', '12')).toBe(12);
    expect(parseAttribute('json', '{"a":1}')).toEqual({ a: 1 });
  });
});

describe('widgetElement', () => {
  it('renders into an open shadow root and re-renders when an attribute changes or is removed', async () => {
    await act(async () => {
      document.body.innerHTML = '<zp-probe label="a" count="3" readonly></zp-probe>';
    });
    const el = document.querySelector('zp-probe')!;
    expect(el.shadowRoot?.mode).toBe('open');
    expect(shown(el)).toEqual({ label: 'a', count: 3, readonly: true, theme: null });
    await act(async () => {
      el.setAttribute('label', 'b');
      el.removeAttribute('readonly');
      el.removeAttribute('count');
    });
    expect(shown(el)).toEqual({ label: 'b', count: null, readonly: false, theme: null });
  });

  it('takes objects as JSON properties and refuses a bad JSON attribute with zp-error', async () => {
    const el = document.createElement('zp-probe') as HTMLElement & { theme?: unknown };
    const errors: unknown[] = [];
    el.addEventListener('zp-error', (e) => errors.push((e as CustomEvent).detail));
    await act(async () => document.body.append(el));
    await act(async () => {
      el.theme = { colorPrimary: '#0a7' };
    });
    expect(shown(el).theme).toEqual({ colorPrimary: '#0a7' });
    await act(async () => el.setAttribute('theme', '{oops'));
    expect(errors).toEqual([{ code: 'BAD_ATTRIBUTE', message: 'theme: not valid JSON' }]);
    expect(shown(el).theme).toEqual({ colorPrimary: '#0a7' });
  });

  it('applies a property set before the element was upgraded', async () => {
    const el = document.createElement('zp-probe-late') as HTMLElement & { label?: string };
    el.label = 'early';
    document.body.append(el);
    await act(async () => customElements.define('zp-probe-late', widgetElement(Probe, { label: 'string' })));
    expect(shown(el).label).toBe('early');
    expect(el.getAttribute('label')).toBe('early');
  });

  it('renders nothing while out of the document, unmounts on removal and mounts again when re-added', async () => {
    const el = document.createElement('zp-probe');
    const before = renders;
    el.setAttribute('label', 'detached');
    await settle();
    expect(renders).toBe(before);
    await act(async () => document.body.append(el));
    expect(hostHandle(el)).toBeDefined();
    hostHandle(el)!.ping!();
    expect(el.getAttribute('data-pinged')).toBe('yes');
    await act(async () => el.remove());
    expect(el.shadowRoot!.querySelector('output')).toBeNull();
    expect(hostHandle(el)).toBeUndefined();
    await act(async () => document.body.append(el));
    expect(shown(el).label).toBe('detached');
  });

  it('treats a property exactly like its attribute, both ways (how Vue, React 19 and Angular bind)', async () => {
    const el = document.createElement('zp-probe') as HTMLElement & { label?: unknown; count?: unknown; readonly?: unknown };
    await act(async () => document.body.append(el));
    await act(async () => {
      el.label = 'via property';
      el.count = 2;
      el.readonly = true;
    });
    expect(shown(el)).toEqual({ label: 'via property', count: 2, readonly: true, theme: null });
    expect([el.getAttribute('label'), el.getAttribute('count'), el.getAttribute('readonly')]).toEqual(['via property', '2', '']);
    // the attribute wins back, and the property reads what the attribute says
    await act(async () => el.setAttribute('count', '7'));
    expect([shown(el).count, el.count]).toEqual([7, 7]);
    await act(async () => {
      el.count = '9';
      el.readonly = false;
      el.label = null;
    });
    expect(shown(el)).toEqual({ label: null, count: 9, readonly: false, theme: null });
    expect([el.hasAttribute('label'), el.hasAttribute('readonly'), el.getAttribute('count')]).toEqual([false, false, '9']);
    await act(async () => {
      el.count = 'abc';
    });
    expect([shown(el).count, el.hasAttribute('count')]).toEqual([null, false]);
  });

  it('reads a camelCase prop that a framework set as a lower-case attribute before the element was defined', async () => {
    await act(async () => {
      document.body.innerHTML = '<zp-probe-camel readonly="" label="x"></zp-probe-camel>';
    });
    const el = document.querySelector('zp-probe-camel')!;
    el.setAttribute('ssoticket', 'launch');
    await act(async () => customElements.define('zp-probe-camel', widgetElement(Probe, { label: 'string', ssoTicket: 'string' })));
    expect((el as HTMLElement & { ssoTicket?: string }).ssoTicket).toBe('launch');
  });

  it('applies a property set after the element was defined and connected (a token arriving late)', async () => {
    await act(async () => {
      document.body.innerHTML = '<zp-probe></zp-probe>';
    });
    const el = document.querySelector('zp-probe') as HTMLElement & { label?: string };
    await settle();
    await act(async () => {
      el.label = 'late';
    });
    expect(shown(el).label).toBe('late');
  });

  it('releases everything on removal: the shadow root is emptied and the React root is gone', async () => {
    const el = document.createElement('zp-probe');
    await act(async () => document.body.append(el));
    expect(el.shadowRoot!.childNodes.length).toBeGreaterThan(0);
    await act(async () => el.remove());
    expect(el.shadowRoot!.childNodes.length).toBe(0);
    expect(Object.keys(el.shadowRoot!).filter((k) => k.startsWith('__reactContainer$') && (el.shadowRoot as unknown as Record<string, unknown>)[k])).toEqual([]);
  });

  it('keeps its tree when moved within one task (removed and inserted again at once)', async () => {
    const a = document.createElement('div');
    const b = document.createElement('div');
    document.body.append(a, b);
    const el = document.createElement('zp-probe');
    el.setAttribute('label', 'moved');
    await act(async () => a.append(el));
    const output = el.shadowRoot!.querySelector('output');
    await act(async () => b.append(el));
    expect(el.shadowRoot!.querySelector('output')).toBe(output);
  });

  it('is an r2wc element: r2wc holds the props the component renders with and mounts the React root', async () => {
    const el = document.createElement('zp-probe');
    el.setAttribute('count', '3');
    await act(async () => document.body.append(el));
    // the symbols define-widget.ts relies on (an r2wc upgrade that renames them must fail here)
    const store = (el as unknown as Record<symbol, Record<string, unknown>>)[Symbol.for('r2wc.props')];
    expect(store).toMatchObject({ count: 3, container: el.shadowRoot });
    expect(typeof (el as unknown as Record<symbol, unknown>)[Symbol.for('r2wc.render')]).toBe('function');
    expect((el as unknown as Record<symbol, unknown>)[Symbol.for('r2wc.context')]).toBeTruthy();
    await act(async () => el.remove());
    expect((el as unknown as Record<symbol, unknown>)[Symbol.for('r2wc.context')]).toBeUndefined();
  });

  it('keeps a secret out of the DOM: the property is never reflected, the attribute is read once and removed', async () => {
    const el = document.createElement('zp-probe') as HTMLElement & { token?: string | null };
    await act(async () => document.body.append(el));
    await act(async () => {
      el.token = 'bearer-1';
    });
    const token = () => el.shadowRoot!.querySelector('output')!.getAttribute('data-token');
    expect(token()).toBe('bearer-1');
    expect(el.hasAttribute('token')).toBe(false);
    expect(document.body.innerHTML).not.toContain('bearer-1');
    await act(async () => el.setAttribute('token', 'bearer-2'));
    expect([token(), el.token, el.hasAttribute('token')]).toEqual(['bearer-2', 'bearer-2', false]);
    expect(document.body.innerHTML).not.toContain('bearer-2');
    // written in the markup before the element was defined: read at the upgrade, then gone
    await act(async () => {
      document.body.innerHTML = '<zp-probe-markup token="bearer-3"></zp-probe-markup>';
      customElements.define('zp-probe-markup', widgetElement(Probe, { token: 'secret' }));
    });
    const marked = document.querySelector('zp-probe-markup')!;
    expect([marked.hasAttribute('token'), marked.shadowRoot!.querySelector('output')!.getAttribute('data-token')]).toEqual([false, 'bearer-3']);
  });

  it('signOut() forgets the secrets and keeps the rest; destroy() tears down at once and leaves the element inert', async () => {
    const el = document.createElement('zp-probe') as HTMLElement & { token?: string; label?: string; signOut(): void; destroy(): void };
    el.setAttribute('label', 'kept');
    await act(async () => document.body.append(el));
    await act(async () => {
      el.token = 'bearer-4';
    });
    await act(async () => el.signOut());
    expect([el.token, el.shadowRoot!.querySelector('output')!.getAttribute('data-token'), shown(el).label]).toEqual([undefined, '', 'kept']);
    await act(async () => el.destroy());
    expect(el.shadowRoot!.childNodes.length).toBe(0);
    await act(async () => {
      el.token = 'bearer-5';
      el.label = 'ignored';
      el.remove();
      document.body.append(el);
    });
    expect(el.shadowRoot!.childNodes.length).toBe(0);
  });
});
