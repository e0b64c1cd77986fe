import { useCallback, useRef } from 'react';

/**
 * Two accessibility gaps of antd's Table, closed on its DOM (axe, serious):
 * - it measures column widths in a hidden row (aria-hidden) that repeats the column titles, so a
 *   selection column's "select all" checkbox is focusable inside it: `inert` takes the copy out of the
 *   focus order (the real header keeps its checkbox);
 * - a table wider than a phone scrolls sideways in a region the keyboard cannot reach: it becomes focusable.
 * Returns a callback ref for the element around the table (it may mount after a loading state).
 */
export function useTableA11y(label: string): (el: HTMLElement | null) => void {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback(
    (root: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
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
      observer.current = new MutationObserver(fix);
      observer.current.observe(root, { subtree: true, childList: true });
    },
    [label],
  );
}
