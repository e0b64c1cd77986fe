// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../core/i18n/catalogue-store';
import { wholeCatalogues } from '../../core/i18n/whole-catalogues';
import { I18nProvider } from '../i18n/i18n-context';
import { FIX_PAUSE_MS } from './doubt-steps';
import { TranscriptView, type ShownDoubt } from './TranscriptView';

beforeAll(() => loadCatalogue('zh', wholeCatalogues));

const TEXT = '今天学校举行拨河比寨，我们班赢了。';
// 拨 at 6 (is 拔), 寨 at 9 (is 赛), 赢 at 14 (right as read)
const DOUBTS: ShownDoubt[] = [
  { start: 9, end: 10, text: '寨', confidence: 0.41, alternatives: [{ text: '赛', confidence: 0.38 }] },
  { start: 6, end: 7, text: '拨', confidence: 0.52, alternatives: [{ text: '拔', confidence: 0.31 }] },
  { start: 14, end: 15, text: '赢', confidence: 0.6, alternatives: [{ text: '嬴', confidence: 0.2 }] },
];

function mount(saved: string[]) {
  const noop = () => undefined;
  render(
    <I18nProvider lang="zh" catalogues={wholeCatalogues}>
      <TranscriptView
        text={TEXT}
        notes={[]}
        annotations={[]}
        hiddenKinds={new Set()}
        active={null}
        lit={null}
        selection={null}
        corrected={false}
        canEdit
        saving={false}
        onHover={noop}
        onSelect={noop}
        onSelection={noop}
        onSaveTranscript={async () => true}
        doubts={DOUBTS}
        onAcceptReading={noop}
        onFixReadings={(t) => saved.push(t)}
      />
    </I18nProvider>,
  );
  return screen.getByTestId('cp-doubt-input');
}

describe('fixing doubtful characters from the keyboard', () => {
  it('Tab goes through them in reading order, typing replaces, Enter takes the alternative, one save after the pause', async () => {
    const saved: string[] = [];
    const input = mount(saved);
    // focusing the field looks at the first doubt in reading order (拨), not the first in the list
    act(() => input.focus());
    expect(document.querySelector('.zp-doubt-step')?.textContent).toBe('拨');
    // typing replaces it and moves on to 寨
    fireEvent.change(input, { target: { value: '拔' } });
    expect(document.querySelector('.zp-doubt-step')?.textContent).toBe('寨');
    // Enter takes the alternative shown (赛) and moves on to 赢
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(document.querySelector('.zp-doubt-step')?.textContent).toBe('赢');
    // Shift+Tab goes back among the doubts still open; Tab past the last leaves the field
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.querySelector('.zp-doubt-step')).toBeNull();
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(document.querySelector('.zp-doubt-step')?.textContent).toBe('赢');
    // the fixes show at once; nothing is saved until the teacher pauses, then once, with both
    expect(screen.getByTestId('cp-transcript').textContent).toContain('拔河比赛');
    expect(saved).toEqual([]);
    await act(() => new Promise((r) => setTimeout(r, FIX_PAUSE_MS + 300)));
    expect(saved).toEqual(['今天学校举行拔河比赛，我们班赢了。']);
  });
});
