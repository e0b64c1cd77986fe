// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePanelShortcuts } from './use-panel-shortcuts';
import type { ShortcutAction } from './shortcuts';

function Panel({ onAction }: { onAction(a: ShortcutAction): void }) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  usePanelShortcuts(root, onAction);
  return (
    <div ref={setRoot} tabIndex={-1} data-testid="panel">
      <textarea data-testid="comment" />
      <button data-testid="button">ok</button>
    </div>
  );
}

afterEach(cleanup);

describe('shortcuts scoped to the panel element', () => {
  it('acts on keys pressed inside the panel, not on the window or the page around it', () => {
    const onAction = vi.fn();
    const { getByTestId } = render(<Panel onAction={onAction} />);
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.keyDown(getByTestId('button'), { key: 'j' });
    expect(onAction).toHaveBeenCalledWith('next');
  });

  it('lets the teacher type in the comment, except Ctrl + Enter which approves', () => {
    const onAction = vi.fn();
    const { getByTestId } = render(<Panel onAction={onAction} />);
    fireEvent.keyDown(getByTestId('comment'), { key: 'c' });
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.keyDown(getByTestId('comment'), { key: 'Enter', ctrlKey: true });
    expect(onAction).toHaveBeenCalledWith('approve');
  });

  it('removes its listener on unmount', () => {
    const onAction = vi.fn();
    const { getByTestId, unmount } = render(<Panel onAction={onAction} />);
    const panel = getByTestId('panel');
    const remove = vi.spyOn(panel, 'removeEventListener');
    unmount();
    expect(remove).toHaveBeenCalledWith('keydown', expect.any(Function));
    fireEvent.keyDown(panel, { key: 'j' });
    expect(onAction).not.toHaveBeenCalled();
  });
});
