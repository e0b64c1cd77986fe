import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { emit } from './widget-events';

/** How an attribute is read: r2wc's parsers, with boolean presence and removal fixed below. */
export type WidgetPropType = 'string' | 'number' | 'boolean' | 'json';

// r2wc keeps the props it hands to React, and its render step, under registered symbols; the
// subclass below writes through them so removed attributes and bare boolean attributes work.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

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

/**
 * Turns a React component into a custom element class with r2wc (open shadow root, the given typed
 * props as kebab-case attributes and JS properties), fixing what r2wc 2.1 leaves out: a bare boolean
 * attribute (`readonly`) means true, removing an attribute clears its prop, a bad JSON attribute
 * fires `zp-error` instead of throwing, properties set before the element was defined are applied,
 * and nothing renders while the element is out of the document.
 */
export function widgetElement<P extends object>(component: ComponentType<P>, props: Record<string, WidgetPropType>) {
  const Base = r2wc(component, { shadow: 'open', props }) as unknown as { new (): HTMLElement & R2wcInternals };
  const propOf = new Map(Object.keys(props).map((p) => [kebab(p), p]));

  return class ZhipiWidget extends Base {
    static get observedAttributes() {
      return [...propOf.keys()];
    }

    override connectedCallback() {
      // A host may set `el.token = …` before the module loaded: that own property hides our accessor.
      for (const prop of Object.keys(props)) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      super.connectedCallback();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      const prop = propOf.get(name);
      if (!prop) return;
      let parsed: unknown;
      try {
        parsed = parseAttribute(props[prop]!, value);
      } catch {
        emit(this, 'zp-error', { code: 'BAD_ATTRIBUTE', message: `${name}: not valid JSON` });
        return;
      }
      const current = this[R2WC_PROPS];
      if (Object.is(current[prop], parsed) && props[prop] !== 'json') return;
      current[prop] = parsed;
      if (this.isConnected) this[R2WC_RENDER]();
    }
  };
}
