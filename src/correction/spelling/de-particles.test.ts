import { describe, expect, it } from 'vitest';
import { findDeMisuse } from './de-particles.js';

const fixes = (s: string) => findDeMisuse(s).map((f) => `${f.wrong}→${f.fix} ${f.word}`);

describe('的/地/得 before a verb that ends the clause', () => {
  it('turns 的 into 地 after an adverb, an idiom or a clear adverbial', () => {
    expect(fixes('网上的人数快速的增加，尤其是青少年。')).toEqual(['的→地 快速地增加']);
    expect(fixes('这种情况，我会尽力的避免。')).toEqual(['的→地 尽力地避免']);
    expect(fixes('我深深的吸了一口气。')).toEqual(['的→地 深深地吸']);
  }, 30_000);

  it('leaves 的 before a verb used as a noun or a one-character noun after an adjective', () => {
    for (const ok of ['大众对其好坏又有不同的判断，所以态度也不一致。', '先知道对方需要什么，然后适当的给予。', '还有很多特别的花。'])
      expect(fixes(ok), ok).toEqual([]);
  }, 30_000);
});
