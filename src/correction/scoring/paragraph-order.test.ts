// The paragraph-order model: learned from essays' own paragraph order, antisymmetric, and silent when
// there is nothing to order.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { SCORING_MODEL } from './local-scorer.js';
import { fitParagraphOrder, paragraphOrderScore, textParagraphFeatures } from './paragraph-order.js';
import { perturb } from './perturbations.js';

const ESSAY = [
  '记得那是初一开学的第一天，我们班来了一位新的语文老师。',
  '她姓王，个子不高，说话的声音却很响亮。上课的时候，她总是笑着看着我们。',
  '后来有一次我的作文写得很差，她把我叫到办公室，一句一句地帮我改。',
  '从此以后我明白了，认真写好每一个字就是对自己负责。我永远忘不了王老师！',
];

describe('the paragraph-order model', () => {
  it('reads nothing into a text of one paragraph (nothing to shuffle) and only its order into two', () => {
    const m = SCORING_MODEL.order;
    expect(m).toBeDefined();
    expect(paragraphOrderScore([ESSAY.join('')], [], m)).toBe(0);
    expect(paragraphOrderScore([], [], m)).toBe(0);
    const two = [ESSAY[0]!, ESSAY[3]!];
    // swapping the two paragraphs negates the score: the mean pair difference changes sign
    expect(paragraphOrderScore([two[1]!, two[0]!], [], m)).toBeCloseTo(-paragraphOrderScore(two, [], m), 10);
    expect(paragraphOrderScore(two, [], m)).toBeGreaterThan(0);
  });

  it('learns from essays’ own order, with no marks: the opening comes before the closing', () => {
    const essays = DEMO_ESSAYS.map((e) => textParagraphFeatures(e.paragraphs, []));
    const m = fitParagraphOrder(essays, 0.01, 100);
    expect(Object.keys(m.weights).length).toBeGreaterThan(10);
    expect(paragraphOrderScore(ESSAY, [], m)).toBeGreaterThan(paragraphOrderScore([...ESSAY.slice(1), ESSAY[0]!], [], m));
  });

  // Alone it is a weak judge on the demo essays (13 of 20 copies, short grade-7 narratives it never saw);
  // the whole score, where it sits beside framing and the echoes, is checked in monotone-model.test.ts.
  it('in the shipped model, ranks most demo essays above their paragraphs out of order (it never saw them)', () => {
    let above = 0;
    let n = 0;
    for (const e of DEMO_ESSAYS)
      for (const seed of [11, 12]) {
        if (e.paragraphs.length < 2) continue;
        n++;
        if (paragraphOrderScore(e.paragraphs, [], SCORING_MODEL.order) > paragraphOrderScore(perturb('shuffled', e.paragraphs, seed), [], SCORING_MODEL.order)) above++;
      }
    expect(above / n).toBeGreaterThanOrEqual(0.6);
  });
});
