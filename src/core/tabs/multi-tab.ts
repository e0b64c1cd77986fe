import type { MessageKey } from '../i18n';

export interface Tab {
  path: string;
  fullPath: string;
}

export interface TabResult {
  tabs: Tab[];
  /** Where to go when the active tab was closed. */
  activate?: string;
  /** Why nothing was closed (product-rules.md#screens refusals). */
  refusal?: MessageKey;
}

/** Opens (or re-focuses) a tab for a page; the same path never opens twice. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (i === -1) return [...tabs, tab];
  const next = [...tabs];
  next[i] = tab;
  return next;
}

export function closeTab(tabs: Tab[], path: string, activePath: string): TabResult {
  if (tabs.length <= 1) return { tabs, refusal: 'tabs.lastTab' };
  const i = tabs.findIndex((t) => t.path === path);
  if (i === -1) return { tabs };
  const next = tabs.filter((t) => t.path !== path);
  const activate = path === activePath ? (next[i] ?? next[i - 1])!.fullPath : undefined;
  return { tabs: next, activate };
}

export function closeLeft(tabs: Tab[], path: string, activePath: string): TabResult {
  const i = tabs.findIndex((t) => t.path === path);
  if (i <= 0) return { tabs, refusal: 'tabs.noLeft' };
  const next = tabs.slice(i);
  return { tabs: next, activate: next.some((t) => t.path === activePath) ? undefined : next[0]!.fullPath };
}

export function closeRight(tabs: Tab[], path: string, activePath: string): TabResult {
  const i = tabs.findIndex((t) => t.path === path);
  if (i === -1 || i === tabs.length - 1) return { tabs, refusal: 'tabs.noRight' };
  const next = tabs.slice(0, i + 1);
  return { tabs: next, activate: next.some((t) => t.path === activePath) ? undefined : next[i]!.fullPath };
}

export function closeOthers(tabs: Tab[], path: string, activePath: string): TabResult {
  const keep = tabs.find((t) => t.path === path);
  if (!keep || tabs.length <= 1) return { tabs, refusal: 'tabs.lastTab' };
  return { tabs: [keep], activate: keep.path === activePath ? undefined : keep.fullPath };
}
