/**
 * The events zhipi's elements fire on themselves. All bubble and are `composed`, so they cross the
 * shadow boundary and a host can listen on the element, a parent or the document.
 */
export interface WidgetEventMap {
  /** the first time the element painted what it fetched with this token (the server accepted it); again after a new token */
  'zp-ready': { element: string };
  /** every request answered and what they changed was painted (after zp-ready, and after each later load) */
  'zp-rendered': { element: string };
  /** an API call or an attribute failed; `code` is the server's error key, `status` the HTTP status */
  'zp-error': { code: string; message: string; status?: number };
  /** 401 (token expired, revoked, unknown), a refused SSO launch, or the school's subscription ended */
  'zp-auth-expired': { reason: 'unauthorized' | 'sso' | 'expired' };
  'zp-task-open': { taskId: number; classId: number; title: string };
  'zp-essay-open': { essayId: number; taskId: number; classId: number; studentId: number; studentName: string };
  'zp-approved': { essayId: number; taskId: number; classId: number; teacherScore: string | null };
  /** the view wants to go somewhere; cancelable where the element has a default (see docs/widgets.md) */
  'zp-navigate': { to: string; [key: string]: unknown };
}

export type WidgetEventName = keyof WidgetEventMap;

/** Where an event starts: the custom element itself (given the element or its shadow root). */
export function hostOf(target: Element | ShadowRoot | undefined | null): Element | undefined {
  if (!target) return undefined;
  return (target as ShadowRoot).host ?? (target as Element);
}

/** Fires a DOM event from the custom element: bubbles and crosses the shadow boundary (composed). Returns false when the host called preventDefault. */
export function emit<K extends WidgetEventName>(target: Element | ShadowRoot | undefined | null, name: K, detail: WidgetEventMap[K], opts: { cancelable?: boolean } = {}): boolean {
  const host = hostOf(target);
  if (!host) return true;
  return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: opts.cancelable ?? false }));
}
