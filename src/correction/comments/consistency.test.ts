// The consistency checker and the comments it guards. Each quoted text below is one a teacher found in
// the demo class before this change: the checker must reject it, and the generator must
// no longer write it.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAes } from '../../../bench/correction/aes-data.js';
// The seeded demo essays themselves (plain data, no server code), as judgement.test.ts does.
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { correctText, type CorrectionResult } from '../correct-text.js';
import { applyReview } from '../model-service.js';
import { withConsistentComments } from './consistency-gate.js';
import { checkClassComments, checkComments, type CommentSet } from './consistency.js';

const REQUIREMENTS = ['选择身边熟悉的人', '通过具体事例表现人物特点', '不少于500字'];
const DIMS = ['立意', '内容', '结构', '语言', '修辞', '书写'];
const essayText = (key: string) => DEMO_ESSAYS.find((e) => e.key === key)!.paragraphs.join('\n');
const input = (key: string, lang: 'zh' | 'en' = 'zh') => ({ transcript: essayText(key), title: DEMO_ESSAY_TITLE, grade: 7, requirements: REQUIREMENTS, dimensions: DIMS, scoreType: 1 as const, lang });

const zh = new Map<string, CorrectionResult>();
const en = new Map<string, CorrectionResult>();
let calib: CorrectionResult[] = [];

beforeAll(async () => {
  for (const e of DEMO_ESSAYS) {
    zh.set(e.key, await correctText(input(e.key)));
    en.set(e.key, await correctText(input(e.key, 'en')));
  }
  const essays = loadAes(new URL('../../../tests/fixtures/aes-calibration/', import.meta.url).pathname);
  calib = await Promise.all(essays.map((e) => correctText({ transcript: e.transcript, title: e.title, grade: 9, scoreType: 1, dimensions: DIMS })));
}, 180_000);

const allTexts = (r: CorrectionResult) => [r.comments.overall, ...r.comments.dimensions.map((d) => d.text), ...r.comments.paragraphs.map((p) => p.text), ...r.notes.map((n) => n.message)];

/** A real comment set of the essay with one text replaced: what the checker reads. */
function withText(r: CorrectionResult, change: Partial<{ overall: string; dimension: [string, string]; paragraph: [number, string]; note: string }>): CommentSet {
  const dims = r.comments.dimensions.map((d) => (change.dimension && d.id === change.dimension[0] ? { ...d, text: change.dimension[1] } : d));
  const paras = r.comments.paragraphs.map((p) => (change.paragraph && p.paragraph === change.paragraph[0] ? { ...p, text: change.paragraph[1] } : p));
  const notes = change.note ? [...r.notes, { kind: 'goodSentence', start: 0, end: 1, message: change.note }] : r.notes;
  return { ...r, comments: { overall: change.overall ?? r.comments.overall, dimensions: dims, paragraphs: paras }, notes };
}
const rules = (s: CommentSet) => checkComments(s).map((c) => c.rule);

describe('the consistency checker', () => {
  it('finds no contradiction in the demo class, in Chinese and English, nor in the calibration essays', () => {
    expect(checkClassComments([...zh.values()])).toEqual([]);
    expect(checkClassComments([...en.values()])).toEqual([]);
    expect(checkClassComments(calib)).toEqual([]);
  });

  it('rejects a level contradicted by its words: 书写规范（C）…继续保持, 语言表达（B）需要加强', () => {
    const r = zh.get('03-pe-teacher')!;
    const mech = r.score!.dimensions.find((d) => d.id === 'mechanics')!;
    expect(mech.label).toBe('C');
    expect(rules(withText(r, { dimension: ['mechanics', '书写规范（C）：全文287字中发现错别字0处，标点问题0处；书写规范，继续保持。'] }))).toEqual(expect.arrayContaining(['levelWording', 'zeroErrorsAdvice']));
    const b = zh.get('02-chalk')!;
    expect(b.score!.dimensions.find((d) => d.id === 'language')!.label).toBe('B');
    expect(rules(withText(b, { dimension: ['language', '语言表达（B）需要加强：句式较单一。'] }))).toContain('levelWording');
  });

  it('rejects error advice for an essay without errors (检查错别字, 订正)', () => {
    const r = zh.get('02-chalk')!;
    expect(r.analysis.wrongChars).toEqual([]);
    expect(rules(withText(r, { overall: '写完后要检查错别字。综合评定：B。' }))).toContain('zeroErrorsAdvice');
  });

  it('rejects 结尾可再次点明“老师” beside the paragraph note 结尾扣题，呼应“老师”', () => {
    const r = zh.get('01-red-pen')!;
    const last = r.comments.paragraphs.at(-1)!;
    expect(last.text).toContain('结尾扣题');
    expect(rules(withText(r, { dimension: ['theme', '立意切题（B）：题目关键词“老师”出现7次；结尾可再次点明“老师”，首尾呼应。'] }))).toContain('endingAdviceVsPraise');
  });

  it('rejects 结尾扣题 for the unfinished essay and “3项写作要求都已做到” for the off-topic one', () => {
    const unfinished = zh.get('07-music-teacher')!;
    expect(rules(withText(unfinished, { paragraph: [2, '第3段（结尾）：结尾扣题，呼应“老师”。'] }))).toContain('unfinishedEnding');
    const off = zh.get('06-spring-outing')!;
    expect(rules(withText(off, { dimension: ['theme', '立意切题（C）：3项写作要求都已做到。'] }))).toContain('offTopicRequirementsMet');
  });

  it('rejects counts, internal identifiers and raw symbols in any text', () => {
    const r = zh.get('02-chalk')!;
    expect(rules(withText(r, { dimension: ['language', '语言表达（B）：全文22句，平均每句23.9字，用了9个较生动的词语。'] }))).toContain('countsInText');
    expect(rules(withText(r, { note: '好句：“夕阳”、“actionChain”等描写具体生动。' }))).toContain('internalWord');
    // the sample-essay reason that only counted
    expect(rules(withText(r, { overall: '全文473字，分6段。综合评定：B。' }))).toContain('countsInText');
    expect(rules(withText(r, { overall: '标点：如，→。、，，→，。综合评定：B。' }))).toContain('rawSymbol');
  });

  it('rejects praise of the simile the essay itself calls worn out (夕阳像一个大红球)', () => {
    const r = zh.get('01-red-pen')!;
    const text = essayText('01-red-pen');
    const start = text.indexOf('有一次，我在作文里写');
    const set = withText(r, {});
    set.notes = [...set.notes, { kind: 'goodSentence', start, end: start + 10, message: '好句：运用了比喻。' }];
    expect(rules(set)).toContain('praiseOfRejected');
    expect(rules(withText(r, { overall: '写得较好的句子如“夕阳像一个大红球”。综合评定：B。' }))).toContain('praiseOfRejected');
  });

  it('rejects the same advice in most essays of a class (第2段与第3段之间可加一句过渡 in 8 of 10)', () => {
    const sets = [...zh.values()].map((r, i) => (i < 8 ? withText(r, { dimension: ['structure', '结构条理（B）：全文分7段；第2段与第3段之间可加一句过渡。'] }) : r));
    expect(checkClassComments(sets).map((c) => c.rule)).toContain('repeatedAdvice');
  });
});

describe('comments read the essay', () => {
  it('never counts sentences or averages, never shows arrows or internal words (every demo essay, zh and en)', () => {
    for (const r of [...zh.values(), ...en.values()]) {
      for (const t of allTexts(r)) {
        expect(t).not.toMatch(/全文\d+句|平均每[句段]|\d+个较生动|on average|\d+ sentences/);
        expect(t).not.toMatch(/→|actionChain/);
      }
    }
  });

  it('no longer writes the template advice 第2段与第3段之间可加一句过渡, nor trivial praise of 认真听讲 / 问题所在', () => {
    for (const r of zh.values()) {
      for (const t of allTexts(r)) {
        expect(t).not.toContain('第2段与第3段之间可加一句过渡');
        expect(t).not.toMatch(/“(认真听讲|问题所在)”/);
      }
    }
  });

  it('does not praise 夕阳像一个大红球, which the essay’s teacher calls worn out', () => {
    const r = zh.get('01-red-pen')!;
    for (const t of allTexts(r)) if (/好句|如“|长处/.test(t)) expect(t).not.toContain('大红球');
    expect(r.notes.filter((n) => n.kind === 'goodSentence').some((n) => n.excerpt.includes('大红球'))).toBe(false);
  });

  it('calls missing end marks punctuation, not 有4段没有写完, and says the unfinished essay stops mid-sentence', () => {
    const typos = zh.get('04-english-teacher')!;
    expect(typos.comments.dimensions.find((d) => d.id === 'structure')!.text).not.toContain('没有写完');
    const cut = zh.get('07-music-teacher')!;
    expect(cut.comments.paragraphs.at(-1)!.text).not.toContain('结尾扣题');
    expect(cut.comments.overall).toContain('没有写完');
  });

  it('keeps a level and its words together: no 需要加强 beside a B, no 继续保持 beside a C', () => {
    for (const r of [...zh.values(), ...calib]) {
      for (const d of r.comments.dimensions) {
        const label = r.score!.dimensions.find((x) => x.id === d.id)!.label;
        if (label !== 'C') expect(d.text).not.toContain('需要加强');
        if (label === 'C') expect(d.text).not.toMatch(/继续保持|长处/);
      }
    }
  });

  it('never quotes a character the OCR read with doubt: the simile with a doubtful 汽 is not praised', async () => {
    const text = essayText('01-red-pen');
    const at = text.indexOf('汽水');
    const r = await correctText({ ...input('01-red-pen'), doubtful: [at] });
    for (const t of allTexts(r)) expect(t).not.toContain('橘子汽水');
    expect(r.notes.filter((n) => n.kind === 'goodSentence').some((n) => n.start <= at && at < n.end)).toBe(false);
    expect(checkComments(r)).toEqual([]);
  }, 30_000);
});

describe('the consistency gate', () => {
  it('replaces a model’s contradicting comments with the local ones and drops a note praising a rejected image', () => {
    const local = zh.get('01-red-pen')!;
    const text = essayText('01-red-pen');
    const review = {
      dimensions: [{ id: 'mechanics', comment: '书写规范（B）需要加强：写完后检查错别字。' }],
      overall: '全文19句，平均每句25.5字，语言生动。综合评定：B。',
      notes: [{ kind: 'goodSentence' as const, quote: '有一次，我在作文里写“夕阳像一个大红球”', message: '好句：比喻生动。', fix: '' }],
      fallback: [],
    };
    const merged = applyReview(local, text, review, 'test-model');
    expect(checkComments(merged).length).toBeGreaterThan(0);
    const gate = withConsistentComments(merged);
    expect(gate.remaining).toEqual([]);
    expect(gate.replaced).toEqual(expect.arrayContaining(['overall', 'dimension:mechanics']));
    expect(gate.result.comments.overall).toBe(local.comments.overall);
    expect(gate.result.comments.dimensions.find((d) => d.id === 'mechanics')!.text).toBe(local.comments.dimensions.find((d) => d.id === 'mechanics')!.text);
    expect(gate.result.notes.some((n) => n.excerpt.includes('大红球'))).toBe(false);
  });
});
