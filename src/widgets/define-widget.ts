import { createElement, useLayoutEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import r2wc from '@r2wc/react-to-web-component';
import { adoptRoot, releaseRoot } from './confine/live-roots';
import { emit } from './widget-events';

/**
 * How an attribute is read and how a property is reflected. `secret` is a string that must not stay in
 * the DOM (a bearer token, a launch): never reflected, and an attribute is read once and removed.
 */
export type WidgetPropType = 'string' | 'number' | 'boolean' | 'json' | 'secret';

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/**
 * What a React widget registers on its host element while mounted (e.g. `refresh`), so the element's
 * public methods reach the live React tree. A WeakMap, so a dropped element leaves nothing behind.
 */
const handles = new WeakMap<Element, Record<string, () => void>>();

export function setHostHandle(host: Element, handle: Record<string, () => void> | null) {
  if (handle) handles.set(host, handle);
  else handles.delete(host);
}

export function hostHandle(host: Element): Record<string, () => void> | undefined {
  return handles.get(host);
}

/** Parses one attribute value; `undefined` means "not given" (attribute removed or empty). */
export function parseAttribute(type: WidgetPropType, value: string | null): unknown {
  if (type === 'boolean') return value !== null && !/^(false|0|off|no)$/i.test(value.trim());
  if (value === null || value.trim() === '') return undefined;
  if (type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'json') return JSON.parse(value) as unknown;
  return value;
}

/** Whether a value of this type is mirrored to its attribute when set as a property. */
const reflected = (type: WidgetPropType) => type !== 'json' && type !== 'secret';

/**
 * Reads a value a host assigned to the property (`el.classId = '2'`, `el.readonly = ''`, `el.token =
 * null`) exactly as the same value given as an attribute would be read, so both ways agree.
 */
export function normalizeProperty(type: WidgetPropType, value: unknown): unknown {
  if (value === null || value === undefined) return type === 'boolean' ? false : undefined;
  if (type === 'json') return typeof value === 'string' ? parseAttribute('json', value) : value;
  if (type === 'boolean' && typeof value === 'boolean') return value;
  if (type === 'number' && typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return parseAttribute(type, String(value));
}

/** The attribute a property value is reflected as (`null` = no attribute); JSON properties are not reflected. */
function attributeOf(type: WidgetPropType, value: unknown): string | null {
  if (value === undefined) return null;
  if (type === 'boolean') return value ? '' : null;
  return String(value);
}

/**
 * React 18 remembers, in a module variable ("root with nested updates"), the last root whose commit left
 * a synchronous update pending — typically the unmount of an element, whose antd components set state
 * as they go — and keeps it until another root does the same. That root holds the removed element's
 * shadow root and so the element. After a teardown, a tiny detached root makes exactly such a commit
 * (a layout effect that sets state once), so the variable points at it instead.
 */
let sentinel: Root | null = null;
function Sentinel({ pass }: { pass: number }) {
  const [seen, setSeen] = useState(0);
  useLayoutEffect(() => {
    if (seen !== pass) setSeen(pass);
  }, [seen, pass]);
  return null;
}
let passes = 0;
function forgetLastRoot() {
  sentinel ??= createRoot(document.createElement('div'));
  const root = sentinel;
  flushSync(() => root.render(createElement(Sentinel, { pass: ++passes })));
}

// What r2wc keeps on its element (@r2wc/core, 1.x): the props object handed to the component, its
// render step (mount the first time, update after) and the "connected" flag that render checks.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

/** The element class r2wc makes: a shadow root in `container`, a React root mounted into it on connect. */
interface R2wcElement extends HTMLElement {
  readonly container: ShadowRoot;
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/**
 * Turns a React component into a custom element class, built on @r2wc/react-to-web-component (the
 * shape every zhipi element shares; docs/decisions.md "Elements on r2wc"): r2wc gives the open shadow
 * root, the React root rendered into it with the props plus `container` (the shadow root), and the
 * unmount. On top of it, this class adds what hosts need and r2wc does not do:
 * - the given typed props as kebab-case attributes AND JS properties, equivalent both ways (a property
 *   set by Vue, React 19, Angular or Lit re-renders exactly like the attribute and is reflected to it;
 *   removing the attribute clears it; r2wc's own setters only reflect and wait for the attribute);
 * - a bad JSON attribute fires `zp-error` instead of throwing;
 * - `secret` props (token, launch) never reach the DOM: the attribute is read once and removed;
 * - `destroy()` (tear down now, stay inert) and `signOut()` (forget the credentials and what was shown);
 * - properties set before the element was defined are applied;
 * - nothing renders while the element is out of the document, and a move (removed and re-inserted in
 *   the same task) keeps the tree;
 * - removal tears everything down (React root via r2wc, the shadow root's content, the element's entry
 *   in the style confinement, React's last-root memory) so a dropped element is garbage.
 */
export function widgetElement<P extends object>(component: ComponentType<P>, props: Record<string, WidgetPropType>) {
  const names = Object.keys(props);
  // `class-id`, and `classid` too: React 19 (and others) set a camelCase prop as an attribute while the
  // element is not defined yet, and HTML lower-cases the name.
  const propOf = new Map(names.flatMap((p) => [[kebab(p), p] as const, [p.toLowerCase(), p] as const]));
  // r2wc is given no props of its own: the typed attributes and properties are this class's.
  const Base = r2wc(component as ComponentType<object>, { shadow: 'open', props: {} }) as unknown as new () => R2wcElement;

  class ZhipiWidget extends Base {
    static get observedAttributes() {
      return [...propOf.keys()];
    }

    #mounted = false;
    #reflecting = false;
    #destroyed = false;
    /** Secret attributes this element removed and whose removal callback has not come yet. */
    #removing = new Set<string>();

    /** The last control focused inside the element outside a dialog or drawer: where focus returns. */
    #lastFocused: WeakRef<HTMLElement> | null = null;

    constructor() {
      super();
      for (const [name, type] of Object.entries(props)) if (type === 'boolean') this.#values[name] = false;
      this.container.addEventListener('focusin', (event) => {
        const target = event.composedPath()[0];
        if (target instanceof HTMLElement && !target.closest('.ant-modal-root, .ant-modal-wrap, .ant-drawer')) this.#lastFocused = new WeakRef(target);
      });
    }

    /**
     * A dialog gives focus back to what was focused when it opened, read as `document.activeElement`:
     * from inside a shadow root that is this element, which cannot take focus, so focus fell to
     * <body>. Focusing the element focuses the control inside it that had focus last.
     */
    override focus(options?: FocusOptions) {
      const last = this.#lastFocused?.deref();
      if (last?.isConnected && this.container.contains(last)) last.focus(options);
      else super.focus(options);
    }

    /** r2wc's props object: what the component renders with (it already holds `container`). */
    get #values(): Record<string, unknown> {
      return this[R2WC_PROPS];
    }

    override connectedCallback() {
      if (this.#destroyed) return;
      // A host may set `el.token = …` before the module loaded: that own property hides our accessor.
      for (const prop of names) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      if (!this.#mounted) {
        adoptRoot(this.container);
        this.#mounted = true;
      }
      super.connectedCallback();
    }

    override disconnectedCallback() {
      // A move (removed and inserted again in the same task, e.g. a keyed list reordered) keeps the tree.
      queueMicrotask(() => {
        if (!this.isConnected) this.#teardown();
      });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      const prop = propOf.get(name);
      if (!prop) return;
      if (this.#reflecting) return;
      let parsed: unknown;
      try {
        parsed = parseAttribute(props[prop]!, value);
      } catch {
        emit(this, 'zp-error', { code: 'BAD_ATTRIBUTE', message: `${name}: not valid JSON` });
        return;
      }
      if (props[prop] === 'secret') {
        // Its removal's own callback is skipped, whenever it runs. Not under #reflecting: removing it may
        // run the callbacks still queued for this element (the upgrade's other attributes) right here.
        if (value === null && this.#removing.delete(name)) return;
        if (value !== null) {
          this.#removing.add(name);
          this.removeAttribute(name);
        }
      }
      this.#store(prop, parsed);
    }

    #withoutReflection(change: () => void) {
      this.#reflecting = true;
      try {
        change();
      } finally {
        this.#reflecting = false;
      }
    }

    /** Property path: normalised like the attribute, stored, then reflected to the attribute (not JSON). */
    setProperty(prop: string, value: unknown) {
      const type = props[prop]!;
      let parsed: unknown;
      try {
        parsed = normalizeProperty(type, value);
      } catch {
        emit(this, 'zp-error', { code: 'BAD_ATTRIBUTE', message: `${kebab(prop)}: not valid JSON` });
        return;
      }
      if (reflected(type)) {
        const attr = attributeOf(type, parsed);
        const name = kebab(prop);
        if (this.getAttribute(name) !== attr) this.#withoutReflection(() => (attr === null ? this.removeAttribute(name) : this.setAttribute(name, attr)));
      }
      this.#store(prop, parsed);
    }

    getProperty(prop: string): unknown {
      return this.#values[prop];
    }

    #store(prop: string, value: unknown) {
      if (this.#destroyed) return;
      if (Object.is(this.#values[prop], value) && props[prop] !== 'json') return;
      this.#values[prop] = value;
      // r2wc renders (mounts or updates) only while connected; out of the document the value waits.
      // New credentials render before the setter returns: the previous user's data is gone at once.
      if (this.isConnected && this.#mounted) {
        if (props[prop] === 'secret') flushSync(() => this[R2WC_RENDER]());
        else this[R2WC_RENDER]();
      }
    }

    /**
     * Forgets the credentials (token, launch): the view and everything it showed is unmounted at once,
     * the element shows that it has no credentials until it is given new ones. The session itself is
     * left alive on the server (the host may use the same token elsewhere).
     */
    signOut(): void {
      for (const [prop, type] of Object.entries(props)) if (type === 'secret') this.#store(prop, undefined);
    }

    /** Tears the element down now (React root, shadow root content, reads in flight) and leaves it inert. */
    destroy(): void {
      this.signOut();
      this.#teardown();
      this.#destroyed = true;
    }

    #teardown() {
      if (!this.#mounted) return;
      this.#mounted = false;
      super.disconnectedCallback(); // r2wc: unmounts the React root and forgets it
      // antd's style tags and anything a library left in the shadow root: a re-added element starts clean.
      this.container.replaceChildren();
      releaseRoot(this.container);
      handles.delete(this);
      forgetLastRoot();
    }
  }

  for (const prop of names) {
    Object.defineProperty(ZhipiWidget.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: ZhipiWidget) {
        return this.getProperty(prop);
      },
      set(this: ZhipiWidget, value: unknown) {
        this.setProperty(prop, value);
      },
    });
  }
  return ZhipiWidget;
}
