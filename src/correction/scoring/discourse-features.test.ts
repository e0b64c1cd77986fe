import { describe, expect, it } from 'vitest';
import { analyzeText } from '../text/analyze.js';
import { tokenize } from '../text/vocabulary.js';
import { DISCOURSE_FEATURES, extractDiscourseFeatures } from './discourse-features.js';

const features = (title: string, paragraphs: string[]) => {
  const a = analyzeText({ transcript: [title, ...paragraphs].join('\n'), title, grade: 7 });
  return extractDiscourseFeatures(a, tokenize(a.paragraphs.map((p) => p.text).join('\n')));
};

describe('discourse features (topic-free: the essay against its own title and paragraphs)', () => {
  it('sees an opening that names the title and a closing that answers the opening (点题, 首尾照应)', () => {
    const f = features('我的奶奶', [
      '我的奶奶是一个勤劳的人，每天天不亮就起床做饭。',
      '有一次我生病了，奶奶背着我走了很远的路去医院。路上下着大雨，奶奶的衣服全湿了。',
      '这就是我的奶奶，一个勤劳又慈爱的人。',
    ]);
    expect(f.openingEcho).toBe(1);
    expect(f.closingEcho).toBe(1);
    expect(f.firstLastEcho).toBeGreaterThan(0);
    expect(f.adjacentRepetition).toBeGreaterThan(0);
    expect(Object.keys(f).sort()).toEqual([...DISCOURSE_FEATURES].sort());
  }, 60_000);

  it('counts each device on its own and gives 0, not NaN, for a one-paragraph text without devices', () => {
    const simile = features('秋天', ['秋天的树叶像一只只蝴蝶在空中飞舞。', '天空好像一块蓝色的玻璃。']);
    expect(simile.simileRate).toBeGreaterThan(0);
    expect(simile.rhetoricalQuestionRate).toBe(0);
    const plain = features('一件事', ['今天我去上学。']);
    for (const k of DISCOURSE_FEATURES) expect(Number.isFinite(plain[k])).toBe(true);
    expect(plain.closingEcho).toBe(0);
    expect(plain.firstLastEcho).toBe(0);
  }, 60_000);
});
