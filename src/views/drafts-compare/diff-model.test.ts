import { describe, expect, it } from 'vitest';
import { buildDraftColumns, diffDrafts } from './diff-model';

const join = (segs: { kind: string; text: string }[], kinds: string[]) =>
  segs
    .filter((s) => kinds.includes(s.kind))
    .map((s) => s.text)
    .join('');

describe('diffDrafts', () => {
  it('rebuilds both texts from the segments (after = same + added, before = same + removed)', () => {
    const before = '秋天到了，学校举行了运动会。我参加了长跑。';
    const after = '秋天到了，学校举行了一年一度的运动会。我报名参加了八百米长跑。';
    const segs = diffDrafts(before, after);
    expect(join(segs, ['same', 'added'])).toBe(after);
    expect(join(segs, ['same', 'removed'])).toBe(before);
    expect(segs.some((s) => s.kind === 'added' && s.text.includes('一年一度'))).toBe(true);
  });

  it('marks a replaced wrong character as one removal and one addition', () => {
    const segs = diffDrafts('我们再一起玩', '我们在一起玩');
    expect(segs).toEqual([
      { kind: 'same', text: '我们' },
      { kind: 'removed', text: '再' },
      { kind: 'added', text: '在' },
      { kind: 'same', text: '一起玩' },
    ]);
  });

  it('merges neighbouring runs of the same kind and drops empty ones', () => {
    const segs = diffDrafts('', '新的开头');
    expect(segs).toEqual([{ kind: 'added', text: '新的开头' }]);
    expect(diffDrafts('一样', '一样')).toEqual([{ kind: 'same', text: '一样' }]);
  });
});

describe('buildDraftColumns', () => {
  it('compares each draft with the one before and counts changed characters', () => {
    const cols = buildDraftColumns([
      { transcript: '我爱春天。', discarded: false },
      { transcript: '我爱美丽的春天。', discarded: false },
      { transcript: '我爱美丽的春天和夏天。', discarded: false },
    ]);
    expect(cols.map((c) => c.baseIndex)).toEqual([null, 0, 1]);
    expect(cols[0]!.segments).toEqual([{ kind: 'same', text: '我爱春天。' }]);
    expect(cols[1]!.added).toBe(3);
    expect(cols[1]!.removed).toBe(0);
    expect(cols[2]!.added).toBe(3);
  });

  it('skips a discarded draft and a draft without a transcript when picking the base', () => {
    const cols = buildDraftColumns([
      { transcript: '第一稿', discarded: true },
      { transcript: '第二稿', discarded: false },
    ]);
    expect(cols[1]!.baseIndex).toBeNull();
    expect(cols[1]!.segments).toEqual([{ kind: 'same', text: '第二稿' }]);

    const later = buildDraftColumns([
      { transcript: '甲乙丙', discarded: false },
      { transcript: null, discarded: false },
      { transcript: '甲乙丁', discarded: false },
    ]);
    expect(later[1]!.segments).toEqual([]);
    expect(later[2]!.baseIndex).toBe(0);
    expect(later[2]!.removed).toBe(1);
  });

  it('counts a character outside the basic plane once', () => {
    const cols = buildDraftColumns([
      { transcript: '好', discarded: false },
      { transcript: '好𠀀', discarded: false },
    ]);
    expect(cols[1]!.added).toBe(1);
  });
});
