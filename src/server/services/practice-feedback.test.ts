import { describe, expect, it } from 'vitest';
import { correctText } from '../../correction/index';
import { buildFeedback, feedbackView, focusCheck } from './practice-feedback';

const SIMILE = '秋天来了，校园里的银杏树像一把把金色的小扇子，在风中轻轻摇摆。\n我和同桌在树下捡落叶，叶子黄得发亮，仿佛被阳光涂上了一层蜂蜜。\n秋天真美啊！我爱这金色的校园。';
const PLAIN = '今天我去了学校。上午上了语文课和数学课。下午上了体育课。放学以后我回家写作业。写完作业我吃了晚饭。然后我看了一会儿书就睡觉了。';

describe('practice feedback', () => {
  it('finds the simile a 比喻 practice asks for, with the sentence that shows it', async () => {
    const r = await correctText({ transcript: SIMILE, title: '秋天的校园', grade: 5 });
    const f = focusCheck(r.analysis, 'simile')!;
    expect(f.met).toBe(true);
    expect(f.examples.join('')).toContain('小扇子');
  }, 60_000); // the first call loads the segmentation dictionary

  it('says a flat account misses the simile and a closing ending', async () => {
    const r = await correctText({ transcript: PLAIN, title: '我的一天', grade: 5 });
    expect(focusCheck(r.analysis, 'simile')!.met).toBe(false);
    expect(focusCheck(r.analysis, 'ending')!.met).toBe(false);
    expect(focusCheck(r.analysis, '')).toBeNull();
  });

  it('keeps the score, the length target and words the focus line in the reader’s language', async () => {
    const r = await correctText({ transcript: SIMILE, title: '秋天的校园', grade: 5 });
    const stored = buildFeedback(r, { minWords: 200, focus: 'simile' }, 'local');
    expect(stored.scorePercent).toBeGreaterThan(0);
    expect(stored).toMatchObject({ minWords: 200, wordCount: r.wordCount, engine: 'local' });
    expect(feedbackView(stored, 'zh')!.focus!.text).toContain('比喻');
    expect(feedbackView(stored, 'en')!.focus!.text).toContain('Simile');
    expect(feedbackView(null, 'zh')).toBeNull();
  });
});
