import { describe, expect, it } from 'vitest';
import { clauseCost, clauseScorer, contextId, getWordLm } from './word-lm.js';
import { getConfusion } from './confusion.js';
import { correctSpelling, DEFAULT_SPELL_PARAMS } from './spellcheck.js';

const WITHOUT_LM = { ...DEFAULT_SPELL_PARAMS, lm: 0, requireWord: 1, lmPool: undefined, lmStrong: undefined };

describe('general-domain word language model (sunpinyin open-gram, shipped in src/correction/data)', () => {
  it('loads from the shipped file and prefers the right character in context', () => {
    const lm = getWordLm();
    expect(lm.ids.size).toBeGreaterThan(70_000);
    const right = clauseCost(lm, [...'他的成绩一直很好']);
    const wrong = clauseCost(lm, [...'他的成绩一至很好']);
    expect(right.words).toEqual(['他的', '成绩', '一直', '很好']);
    expect(wrong.cost - right.cost).toBeGreaterThan(5);
  });

  it('vetoes a fix the window alone would make in a correct sentence (a name: 王天华)', () => {
    expect(correctSpelling('我们是王天华的家人。', WITHOUT_LM)).toBe('我们是王天花的家人。');
    expect(correctSpelling('我们是王天华的家人。')).toBe('我们是王天华的家人。');
    expect(correctSpelling('放学以后我们找一找空的教室。')).toBe('放学以后我们找一找空的教室。');
  });

  it('lets a large drop of the clause cost through where the window gain is too small', () => {
    expect(correctSpelling('我想了很久，总于想出了办法。', WITHOUT_LM)).toBe('我想了很久，总于想出了办法。');
    expect(correctSpelling('我想了很久，总于想出了办法。')).toBe('我想了很久，终于想出了办法。');
    expect(correctSpelling('我真的恨高兴见到你。')).toBe('我真的很高兴见到你。');
  });

  it('scores one-character substitutions exactly as a full pass would (clauseScorer)', () => {
    const lm = getWordLm();
    const conf = getConfusion({ symmetric: true, fuzzy: true });
    const chars = [...'我们一起去图书馆看书吧'];
    const before = contextId(lm, '，'), after = contextId(lm, '。');
    const sc = clauseScorer(lm, chars, before, after);
    expect(sc.base).toBeCloseTo(clauseCost(lm, chars, before, after).cost, 6);
    let checked = 0;
    chars.forEach((c, i) => {
      for (const cand of conf.get(c) ?? []) {
        const changed = [...chars];
        changed[i] = cand.char;
        expect(sc.costWith(i, cand.char)).toBeCloseTo(clauseCost(lm, changed, before, after).cost, 6);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
  }, 120_000);
});
