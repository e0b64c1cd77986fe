import { describe, expect, it } from 'vitest';
import { candidateScore, type CandidateEvidence } from './candidate-model.js';
import { correctSpelling, DEFAULT_SPELL_PARAMS, ESSAY_SPELL_PARAMS, findWrongChars } from './spellcheck.js';

const RULES = { ...DEFAULT_SPELL_PARAMS, candidateModel: 0 };

const evidence: CandidateEvidence = {
  kind: 'sameTone', gain: 3, drop: 6, otherDrop: 1, rank: 0, positive: 2,
  newWordLen: 2, oldWordLen: 1, lmWordLen: 1, origLogP: -9, candLogP: -8,
};

describe('spelling candidate model (SIGHAN profile)', () => {
  it('scores a candidate higher when the clause LM prefers it more and lower for a look-alike', () => {
    expect(candidateScore({ ...evidence, drop: 9 })).toBeGreaterThan(candidateScore(evidence));
    expect(candidateScore({ ...evidence, otherDrop: 5 })).toBeLessThan(candidateScore(evidence));
    expect(candidateScore({ ...evidence, kind: 'shape' })).toBeLessThan(candidateScore(evidence));
  });

  it('judges every candidate of a position by the clause, not only the best window gain', () => {
    // The window alone prefers 公元 (a frequent word); the clause 去公园玩 decides for 园.
    expect(correctSpelling('明天我们要去公圆玩。', RULES)).toBe('明天我们要去公元玩。');
    expect(correctSpelling('明天我们要去公圆玩。')).toBe('明天我们要去公园玩。');
    expect(correctSpelling('这本书的内容很有意识。', RULES)).toBe('这本书的内容很有意识。');
    expect(correctSpelling('这本书的内容很有意识。')).toBe('这本书的内容很有意思。');
  }, 120_000);

  it('keeps fixing common slips and leaves correct sentences alone', () => {
    expect(correctSpelling('他的成积一直很好。')).toBe('他的成绩一直很好。');
    expect(correctSpelling('明天我们要去公园玩。')).toBe('明天我们要去公园玩。');
    expect(correctSpelling('今天天气很好，我们一起去公园散步。')).toBe('今天天气很好，我们一起去公园散步。');
    expect(correctSpelling('我们要保护环境，不能乱扔垃圾。')).toBe('我们要保护环境，不能乱扔垃圾。');
  });

  it('is not used by the essay profile, whose proposals stay those of the rules', () => {
    expect(ESSAY_SPELL_PARAMS.candidateModel).toBe(0);
    expect(findWrongChars('明天我们要去公圆玩。', ESSAY_SPELL_PARAMS).map((f) => f.fix)).not.toContain('园');
  });
});
