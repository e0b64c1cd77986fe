// Topic drift (relevance.ts topicDrift): the OFF_TOPIC flag for an essay that names its subject and then
// leaves it, the score cut and the comments that go with it, and no false alarm on on-topic essays.
import { describe, expect, it } from 'vitest';
import { loadAes } from '../../bench/correction/aes-data.js';
// The seeded demo essays themselves (plain data, no server code), so the test cannot drift from them.
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../server/seed/demo-essays-data.js';
import { correctText } from './correct-text.js';
import { analyzeText } from './text/analyze.js';
import { textFlags } from './text-flags.js';

const demo = (key: string) => {
  const e = DEMO_ESSAYS.find((x) => x.key === key)!;
  return { transcript: `${DEMO_ESSAY_TITLE}\n${e.paragraphs.join('\n')}`, title: DEMO_ESSAY_TITLE, grade: 7 };
};
const offTopicKey = DEMO_ESSAYS.find((e) => e.kind === 'offTopic')!.key;

// Written for this test: a letter whose middle paragraphs speak to its readers only as 你们.
const LETTER_TITLE = '给爸爸妈妈的一封信';
const LETTER = `${LETTER_TITLE}
亲爱的爸爸妈妈：
你们好！这是我第一次给你们写信，有很多话平时说不出口，今天想借这封信好好说一说。
还记得去年冬天吗？那天晚上下着大雪，我发高烧，浑身滚烫。你们一个背着我，一个撑着伞，深一脚浅一脚地往医院赶。到了医院，你们的头发上、肩膀上全是雪，却顾不上拍一拍，先去给我挂号、拿药。那一夜，你们轮流守在床边，一会儿给我换毛巾，一会儿摸摸我的额头。天亮的时候，我睁开眼，看见你们趴在床边睡着了，眼睛下面是深深的黑眼圈。
每天早上六点，厨房里就响起了锅碗瓢盆的声音。等我起床，桌上已经摆好了热腾腾的早饭。晚上我写作业，你们就在旁边陪着，遇到不会的题，你们会耐心地给我讲，一遍听不懂就讲两遍。你们总说自己不累，可我知道，你们白天要上班，晚上还要照顾我，怎么会不累呢？
以前我总嫌你们唠叨，嫌你们管得太多，有时候还会顶嘴，摔门回到自己的房间。现在我长大了一些，才慢慢明白，那些唠叨里藏着的都是担心和牵挂。我想对你们说一声：对不起，以前是我不懂事。
爸爸妈妈，谢谢你们这么多年的付出。我会好好学习，学着照顾自己，也学着照顾你们。祝你们身体健康，工作顺利！
你们的女儿：小雨
三月十日`;

describe('topic drift', () => {
  it('flags the demo essay that leaves its teacher for a spring outing, with paragraphs 2-4 as evidence', () => {
    const a = analyzeText(demo(offTopicKey));
    expect(a.relevance.drift).toMatchObject({ subject: ['老师'], from: 1, to: 3, share: 0.8, drifted: true });
    const ranges = a.paragraphs.slice(1, 4).map((p) => [p.start, p.end]);
    const zh = textFlags(a, demo(offTopicKey), 'zh').find((f) => f.code === 'OFF_TOPIC');
    expect(zh).toMatchObject({ label: '疑似偏题', evidence: '第2—4段（约80%篇幅）未涉及题目中的“老师”', ranges });
    const en = textFlags(a, demo(offTopicKey), 'en').find((f) => f.code === 'OFF_TOPIC');
    expect(en).toMatchObject({ label: 'Suspected off-topic', evidence: 'paragraphs 2–4 (about 80% of the essay) never refer to “老师” from the title', ranges });
  }, 30_000);

  it('takes points off the drifting essay with evidence, and the comments say why', async () => {
    const r = await correctText(demo(offTopicKey));
    const cut = r.score!.evidence.find((e) => e.feature === 'topicDrift');
    expect(cut).toMatchObject({ value: '80%', effect: -12, ranges: r.flags.find((f) => f.code === 'OFF_TOPIC')!.ranges });
    const base = r.score!.evidence.find((e) => e.feature === 'calibratedBase')!;
    const grade = r.score!.evidence.find((e) => e.feature === 'gradeExpectation')?.effect ?? 0;
    expect(r.score!.percent).toBeLessThan((base.value as number) + grade - 11);
    expect(r.comments.overall).toContain('第2—4段（约80%篇幅）未涉及题目中的“老师”，疑似偏题');
    expect(r.comments.overall).not.toMatch(/立意切题方面做得较好/);
    expect(r.comments.paragraphs[2]!.text).toContain('本段未涉及题目中的“老师”');
    expect(r.comments.paragraphs[0]!.text).not.toContain('未涉及');
  }, 30_000);

  it('does not flag the on-topic demo essays', () => {
    for (const e of DEMO_ESSAYS.filter((x) => x.kind !== 'offTopic')) {
      const a = analyzeText(demo(e.key));
      expect(a.relevance.drift?.drifted, e.key).toBe(false);
      expect(textFlags(a, demo(e.key), 'zh').map((f) => f.code), e.key).not.toContain('OFF_TOPIC');
    }
  }, 60_000);

  it('counts 你们 in a letter as speaking of its subject', () => {
    const input = { transcript: LETTER, title: LETTER_TITLE, grade: 7 };
    const a = analyzeText(input);
    // the middle paragraphs never name 爸爸 or 妈妈: only the pronoun keeps the letter on its topic
    expect(a.paragraphs.slice(2, 5).some((p) => /[爸妈父母]/.test(p.text))).toBe(false);
    expect(a.relevance.drift).toMatchObject({ subject: ['爸爸', '妈妈'], drifted: false });
    expect(textFlags(a, input, 'zh').map((f) => f.code)).not.toContain('OFF_TOPIC');
  }, 30_000);

  it('flags none of the calibration essays (on-topic essays marked 62-90, mostly abstract titles)', () => {
    const essays = loadAes(new URL('../../tests/fixtures/aes-calibration/', import.meta.url).pathname);
    expect(essays).toHaveLength(13);
    for (const e of essays) {
      const input = { transcript: e.transcript, title: e.title, grade: 9 };
      const a = analyzeText(input);
      expect(a.relevance.drift?.drifted ?? false, e.id).toBe(false);
      expect(textFlags(a, input, 'zh').map((f) => f.code), e.id).not.toContain('OFF_TOPIC');
    }
  }, 60_000);
});
