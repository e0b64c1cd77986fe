// Keyboard shortcuts of the correction panel. They are read by a keydown listener on the panel's
// own element (never the window), so a partner page around <zp-correction-panel> keeps its keys.
// While the teacher types in a field only Ctrl/⌘+Enter (approve) acts. Pure mapping, unit-tested.
import type { MessageKey } from '../../core/i18n';

export type ShortcutAction = 'next' | 'previous' | 'approve' | 'focusComment' | 'library' | 'help' | 'zoomIn' | 'zoomOut' | 'rotate' | 'nextPage' | 'previousPage';

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
}

/** What a key press does in the panel; `typing` when the key went to a text field. */
export function shortcutFor(e: KeyLike, typing: boolean): ShortcutAction | null {
  if (e.isComposing) return null; // an IME is composing Chinese: the keys belong to it
  const mod = Boolean(e.ctrlKey || e.metaKey);
  if (mod && e.key === 'Enter' && !e.altKey) return e.repeat ? null : 'approve';
  if (typing) return null;
  if (e.altKey && !mod) {
    if (e.key === 'ArrowRight') return 'next';
    if (e.key === 'ArrowLeft') return 'previous';
    return null;
  }
  if (mod || e.altKey) return null;
  switch (e.key.length === 1 ? e.key.toLowerCase() : e.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'c':
      return 'focusComment';
    case 'l':
      return 'library';
    case '?':
      return 'help';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
      return 'zoomOut';
    case 'r':
      return 'rotate';
    case ']':
    case 'PageDown':
      return 'nextPage';
    case '[':
    case 'PageUp':
      return 'previousPage';
    default:
      return null;
  }
}

/** Whether a key event's real target (inside the shadow root) is a place the teacher types in. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  const el = target as (HTMLElement & { isContentEditable?: boolean }) | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
  }
  return Boolean(el.isContentEditable);
}

/** The list the help popover shows, in the order a teacher uses them. */
export const SHORTCUT_HELP: ReadonlyArray<{ action: ShortcutAction; keys: string[]; label: MessageKey }> = [
  { action: 'next', keys: ['J', 'Alt + →'], label: 'panel.keyNext' },
  { action: 'previous', keys: ['K', 'Alt + ←'], label: 'panel.keyPrevious' },
  { action: 'approve', keys: ['Ctrl + Enter', '⌘ + Enter'], label: 'panel.keyApprove' },
  { action: 'focusComment', keys: ['C'], label: 'panel.keyComment' },
  { action: 'library', keys: ['L'], label: 'panel.keyLibrary' },
  { action: 'zoomIn', keys: ['+'], label: 'panel.keyZoomIn' },
  { action: 'zoomOut', keys: ['-'], label: 'panel.keyZoomOut' },
  { action: 'rotate', keys: ['R'], label: 'panel.keyRotate' },
  { action: 'nextPage', keys: [']', 'PageDown'], label: 'panel.keyNextPage' },
  { action: 'previousPage', keys: ['[', 'PageUp'], label: 'panel.keyPreviousPage' },
  { action: 'help', keys: ['?'], label: 'panel.keyHelp' },
];
