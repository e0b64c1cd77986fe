import { useLayoutEffect, type RefObject } from 'react';

/**
 * Two accessibility gaps of antd's Table, closed on its DOM (axe, serious):
 * - it measures column widths in a hidden row (aria-hidden) that repeats the column titles, so a
 *   selection column's "select all" checkbox is focusable inside it: `inert` takes the copy out of the
 *   focus order (the real header keeps its checkbox);
 * - a table wider than a phone scrolls sideways in a region the keyboard cannot reach: it becomes focusable.
 */
export function useTableA11y(ref: RefObject<HTMLElement | null>, label: string) {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      for (const row of root.querySelectorAll('tr.ant-table-measure-row:not([inert])')) row.setAttribute('inert', '');
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex])')) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', label);
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [ref, label]);
}
