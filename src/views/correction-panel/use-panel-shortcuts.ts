import { useEffect, useRef } from 'react';
import { isTypingTarget, shortcutFor, type ShortcutAction } from './shortcuts';

/**
 * Listens for the panel's shortcuts on the panel's own element (keys reach it while focus is inside
 * the panel: clicking anywhere in it focuses it), never on the window or document, and removes the
 * listener on unmount.
 */
export function usePanelShortcuts(root: HTMLElement | null, run: (action: ShortcutAction) => void) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!root) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      // inside a shadow root the listener sees the real target; composedPath()[0] is the same in the app
      const target = (e.composedPath?.()[0] ?? e.target) as EventTarget | null;
      // a key pressed inside an open dialog or dropdown belongs to it
      const el = target as HTMLElement | null;
      if (el?.closest?.('.ant-modal, .ant-select-dropdown, .ant-drawer, .ant-popover')) return;
      const action = shortcutFor(e, isTypingTarget(target));
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      latest.current(action);
    };
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  }, [root]);
}
