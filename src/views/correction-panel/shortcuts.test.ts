import { describe, expect, it } from 'vitest';
import { isTypingTarget, SHORTCUT_HELP, shortcutFor } from './shortcuts';

describe('panel shortcuts', () => {
  it('maps the common flow: next, previous, approve, focus comment', () => {
    expect(shortcutFor({ key: 'j' }, false)).toBe('next');
    expect(shortcutFor({ key: 'J', shiftKey: true }, false)).toBe('next');
    expect(shortcutFor({ key: 'ArrowRight', altKey: true }, false)).toBe('next');
    expect(shortcutFor({ key: 'k' }, false)).toBe('previous');
    expect(shortcutFor({ key: 'ArrowLeft', altKey: true }, false)).toBe('previous');
    expect(shortcutFor({ key: 'Enter', ctrlKey: true }, false)).toBe('approve');
    expect(shortcutFor({ key: 'Enter', metaKey: true }, false)).toBe('approve');
    expect(shortcutFor({ key: 'c' }, false)).toBe('focusComment');
    expect(shortcutFor({ key: '?', shiftKey: true }, false)).toBe('help');
    expect(shortcutFor({ key: '+' }, false)).toBe('zoomIn');
    expect(shortcutFor({ key: ']' }, false)).toBe('nextPage');
  });

  it('leaves keys alone while the teacher types, except Ctrl + Enter', () => {
    expect(shortcutFor({ key: 'j' }, true)).toBeNull();
    expect(shortcutFor({ key: 'c' }, true)).toBeNull();
    expect(shortcutFor({ key: 'ArrowRight', altKey: true }, true)).toBeNull();
    expect(shortcutFor({ key: 'Enter', ctrlKey: true }, true)).toBe('approve');
  });

  it('ignores browser and IME combinations and held-down repeats of approve', () => {
    expect(shortcutFor({ key: 'c', ctrlKey: true }, false)).toBeNull();
    expect(shortcutFor({ key: 'j', metaKey: true }, false)).toBeNull();
    expect(shortcutFor({ key: 'j', isComposing: true }, false)).toBeNull();
    expect(shortcutFor({ key: 'Enter' }, false)).toBeNull();
    expect(shortcutFor({ key: 'Enter', ctrlKey: true, repeat: true }, true)).toBeNull();
    expect(shortcutFor({ key: 'Enter', ctrlKey: true, altKey: true }, false)).toBeNull();
  });

  it('tells text fields from buttons and checkboxes', () => {
    const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra }) as unknown as EventTarget;
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: '' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(el('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('lists every action in the help popover once', () => {
    const actions = SHORTCUT_HELP.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toEqual(expect.arrayContaining(['next', 'previous', 'approve', 'focusComment']));
  });
});
