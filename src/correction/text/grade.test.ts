import { describe, expect, it } from 'vitest';
import { correctText } from '../correct-text';
import { expectedLength } from './grade';

const SHORT = '秋天的校园像一幅画。金黄的银杏叶像一把把小扇子，在风中轻轻摇动。操场边的桂花开了，香气飘满了整个校园。同学们在树下读书、游戏，笑声像小鸟一样飞向天空。我爱秋天的校园。';

describe('expected length', () => {
  it('is the grade’s, unless the teacher set a target (practice writing)', () => {
    expect(expectedLength(7)).toMatchObject({ min: 450, target: 600, source: 'grade' });
    expect(expectedLength(7, 100)).toMatchObject({ min: 100, target: 120, source: 'teacher' });
  });

  it('judges a short practice against its own target, not the grade’s full essay', async () => {
    const asEssay = await correctText({ transcript: SHORT, title: '秋天的校园', grade: 7 });
    const asPractice = await correctText({ transcript: SHORT, title: '秋天的校园', grade: 7, lengthTarget: 70 });
    expect(asEssay.comments.overall).toMatch(/未达到本年级450字的要求/);
    expect(asPractice.comments.overall).not.toMatch(/未达到/);
    expect(asPractice.score!.percent).toBeGreaterThan(asEssay.score!.percent);
  }, 60_000);

  it('quotes the teacher’s own minimum when the answer is short of it', async () => {
    const short = await correctText({ transcript: SHORT, title: '秋天的校园', grade: 7, lengthTarget: 200 });
    expect(short.comments.overall).toMatch(/未达到200字的要求/);
    const en = await correctText({ transcript: SHORT, title: '秋天的校园', grade: 7, lengthTarget: 200, lang: 'en' });
    expect(en.comments.overall).toMatch(/below the 200 characters the task asks for/);
  }, 60_000);
});
