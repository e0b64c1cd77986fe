// The order inputs of the scorer read which way round a text runs, whatever its topic: an opening that
// sets the scene and names the title's words, a closing that sums up, no opening sentence that carries
// on from something not yet said. A copy with its opening moved to the end reads the other way.
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../text/analyze.js';
import { extractOrderFeatures } from './order-features.js';
import { shuffleParagraphs, seededRandom } from './perturbations.js';

const PARAS = [
  '记得那是七年级的秋天，我的同桌小林第一次走进我们班。',
  '她说话很轻，笑起来眼睛眯成一条缝。上课时她总是坐得笔直，认真地记着笔记。',
  '后来有一次我忘了带彩笔，她二话不说就把自己的彩笔推到我面前。',
  '这就是我的同桌，一个热心的女孩。我永远忘不了那盒彩笔。',
];
const read = (paras: string[]) => extractOrderFeatures(analyzeText({ transcript: ['我的同桌', ...paras].join('\n'), title: '我的同桌', grade: 7 }));

describe('order inputs', () => {
  it('score the whole above its copy with the opening moved to the end', () => {
    const whole = read(PARAS);
    const moved = read(shuffleParagraphs(PARAS, seededRandom(3)));
    expect(whole.openingRole).toBeGreaterThan(moved.openingRole);
    expect(whole.closingRole).toBeGreaterThan(moved.closingRole);
    expect(whole.sentenceCues).toBeGreaterThan(moved.sentenceCues);
    expect(whole.sequelOpening).toBe(0);
  });

  it('read a text of one paragraph too: its first sentence moved to the end', () => {
    const one = [PARAS.join('')];
    const whole = read(one);
    const moved = read(shuffleParagraphs(one, seededRandom(3)));
    expect(whole.openingRole).toBeGreaterThan(moved.openingRole);
    expect(moved.sequelOpening).toBe(1);
  });

  it('mark a text that opens on a pronoun or a sequel word nobody was named for', () => {
    expect(read(['她说话很轻，笑起来眼睛眯成一条缝。', ...PARAS.slice(2)]).sequelOpening).toBe(1);
    expect(read(['后来我们成了好朋友。', ...PARAS.slice(1)]).sequelOpening).toBe(1);
  });
});
