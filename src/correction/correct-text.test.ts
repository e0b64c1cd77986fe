import { describe, expect, it } from 'vitest';
import { ABNORMAL_FLAG_CODES, ABNORMAL_FLAGS, correctText, CorrectionInputError } from './index.js';
import { ARGUMENT_ESSAY, ARGUMENT_TITLE, NORMAL_ESSAY, NORMAL_TITLE, POEM } from './test-fixtures.js';

const base = { transcript: NORMAL_ESSAY, title: NORMAL_TITLE, grade: 4 } as const;
const codes = async (input: Parameters<typeof correctText>[0]) => (await correctText(input)).flags.map((f) => f.code);

describe('correctText', () => {
  it('scores a normal essay with total and per-dimension scores, each with evidence', async () => {
    const r = await correctText({ ...base, scoreType: 3 });
    expect(r.status).toBe('scored');
    expect(r.score!.value).toBeGreaterThan(60);
    expect(r.score!.dimensions.map((d) => d.id)).toEqual(['theme', 'content', 'structure', 'language']);
    for (const d of r.score!.dimensions) expect(d.evidence.length).toBeGreaterThan(0);
    expect(r.score!.evidence[0]!.feature).toBe('calibratedBase');
    expect(['excellent', 'good', 'medium', 'qualified', 'needsImprovement']).toContain(r.score!.band);
  }, 30_000);

  it('shows the score in the task’s score type: A/B/C, 优秀/良好/中等/较差, a number, 甲乙丙丁', async () => {
    const dims = ['立意', '内容', '结构', '语言'];
    expect(['A', 'B', 'C']).toContain((await correctText({ ...base, scoreType: 1, dimensions: dims })).score!.label);
    expect(['优秀', '良好', '中等', '较差']).toContain((await correctText({ ...base, scoreType: 2, dimensions: dims })).score!.label);
    expect(['甲', '乙', '丙', '丁']).toContain((await correctText({ ...base, scoreType: 4, dimensions: dims })).score!.label);
    const out50 = await correctText({ ...base, scoreType: 3, dimensions: ['50'] });
    expect(out50.score).toMatchObject({ fullMark: 50 });
    expect(out50.score!.value).toBeLessThanOrEqual(50);
  });

  it('rejects a standard with fewer than 4 or more than 8 dimensions (product-rules.md#validation)', async () => {
    await expect(correctText({ ...base, scoreType: 1, dimensions: ['立意', '内容'] })).rejects.toBeInstanceOf(CorrectionInputError);
    await expect(correctText({ ...base, scoreType: 3, dimensions: ['60', '40'] })).rejects.toThrow(/single option/);
  });

  it('marks hard difficulty more strictly than normal', async () => {
    const normal = await correctText({ ...base, difficulty: 0 });
    const hard = await correctText({ ...base, difficulty: 1 });
    expect(hard.score!.percent).toBeLessThan(normal.score!.percent);
  });

  it('gives the same output for the same input and different comments for different essays', async () => {
    const a = await correctText(base);
    const b = await correctText(base);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = await correctText({ transcript: ARGUMENT_ESSAY, title: ARGUMENT_TITLE, grade: 6 });
    expect(c.comments.overall).not.toBe(a.comments.overall);
    expect(c.comments.dimensions.map((d) => d.text)).not.toEqual(a.comments.dimensions.map((d) => d.text));
  });

  it('writes comments in Chinese by default and in English on request', async () => {
    const zh = await correctText(base);
    const en = await correctText({ ...base, lang: 'en' });
    // The overall comment opens on what the essay does well, quoted from it, and ends with the level.
    expect(zh.comments.overall).toMatch(/^[^。]*“[^”]+”[^。]*。.*综合评定：/);
    expect(en.comments.overall).toMatch(/^[^.]*“[^”]+”.*Overall: /);
    expect(zh.comments.paragraphs).toHaveLength(5);
    expect(en.comments.paragraphs[0]!.text).toMatch(/^Paragraph 1 \(opening/);
  });

  it('ties every note to the transcript range it is about', async () => {
    const text = NORMAL_ESSAY.replace('坚持不懈', '坚持不懈,').replace('全身的力气', '全身的力气，，');
    const r = await correctText({ ...base, transcript: text });
    const kinds = new Set(r.notes.map((n) => n.kind));
    expect(kinds.has('goodSentence')).toBe(true);
    expect(kinds.has('punctuation')).toBe(true);
    for (const n of r.notes) expect(text.slice(n.start, n.end)).toBe(n.excerpt);
  });

  it('notes a wrong character with its fix', async () => {
    const text = NORMAL_ESSAY.replace('老师也在跑道边大声地鼓励我。', '老师也在跑道边大声地鼓励我，我端祥着终点，丝豪不敢放松。');
    const r = await correctText({ ...base, transcript: text });
    const wrong = r.notes.filter((n) => n.kind === 'wrongChar');
    expect(wrong.map((n) => `${n.excerpt}→${n.fix}`)).toEqual(['祥→详', '豪→毫']);
  });

  it('does not score poems and says so', async () => {
    const zh = await correctText({ transcript: POEM, title: '春天', grade: 5 });
    expect(zh).toMatchObject({ status: 'unsupported', message: '暂不支持诗歌类作文的评语和评价' });
    expect(zh.score).toBeUndefined();
    const en = await correctText({ transcript: POEM, title: '春天', grade: 5, lang: 'en' });
    expect(en.message).toBe('Poetry essays are not supported');
  });
});

describe('abnormal flags from text', () => {
  it('exports the twelve flags of product-rules.md#states and the two copy flags with stable codes and zh/en labels', () => {
    expect(ABNORMAL_FLAG_CODES).toHaveLength(14);
    expect(ABNORMAL_FLAG_CODES.filter((c) => ABNORMAL_FLAGS[c].source === 'copy')).toEqual(['DUPLICATE_PAGE', 'COPIED_TEXT']);
    expect(ABNORMAL_FLAGS.OFF_TOPIC).toMatchObject({ zh: '疑似偏题', en: 'Suspected off-topic' });
    for (const c of ABNORMAL_FLAG_CODES) expect(ABNORMAL_FLAGS[c].zh && ABNORMAL_FLAGS[c].en).toBeTruthy();
  });

  it('raises no flag on a normal essay', async () => {
    expect(await codes({ ...base, genre: '记叙文', requirements: ['写一次运动会', '不少于300字'] })).toEqual([]);
  });

  it('flags text recognition failed for an empty or garbage transcript', async () => {
    const empty = await correctText({ ...base, transcript: '' });
    expect(empty.status).toBe('failed');
    expect(empty.flags.map((f) => f.code)).toEqual(['TEXT_RECOGNITION_FAILED']);
    expect(await codes({ ...base, transcript: '||| ### lllll 1l1l1l 口口 ~~~ ,,,, ....' })).toEqual(['TEXT_RECOGNITION_FAILED']);
  });

  it('flags a suspected off-topic essay whose body never touches the title', async () => {
    const r = await correctText({ ...base, title: '我的奶奶' });
    expect(r.flags.map((f) => f.code)).toEqual(['OFF_TOPIC']);
    expect(r.flags[0]!.evidence).toMatch(/奶奶/);
  });

  it('flags a genre mismatch with the writing requirements', async () => {
    expect(await codes({ ...base, requirements: ['文体：议论文'] })).toEqual(['GENRE_MISMATCH']);
    expect(await codes({ transcript: ARGUMENT_ESSAY, title: ARGUMENT_TITLE, grade: 6, genre: 'narrative' })).toEqual(['GENRE_MISMATCH']);
  });

  it('flags a suspected incomplete essay: cut off mid-sentence, or far too short', async () => {
    const cut = NORMAL_ESSAY.slice(0, NORMAL_ESSAY.indexOf('终点就在眼前了') + 12);
    const r = await correctText({ ...base, transcript: cut });
    expect(r.flags.map((f) => f.code)).toContain('INCOMPLETE_ESSAY');
    expect(r.flags.find((f) => f.code === 'INCOMPLETE_ESSAY')!.ranges[0]![1]).toBe(cut.length);
    expect(await codes({ ...base, grade: 9, transcript: NORMAL_ESSAY.split('\n').slice(0, 2).join('\n') })).toContain('INCOMPLETE_ESSAY');
  });

  it('flags missing comment info when the title or grade is missing', async () => {
    const body = NORMAL_ESSAY.split('\n').slice(1).join('\n');
    const r = await correctText({ transcript: body });
    expect(r.flags.map((f) => f.code)).toEqual(['MISSING_COMMENT_INFO']);
    expect(r.flags[0]!.evidence).toMatch(/作文题目、年级/);
  });
});
