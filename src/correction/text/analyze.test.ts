import { describe, expect, it } from 'vitest';
import { ARGUMENT_ESSAY, NORMAL_ESSAY, NORMAL_TITLE, POEM } from '../test-fixtures.js';
import { analyzeText } from './analyze.js';
import { findRhetoric } from './rhetoric.js';
import { splitStructure } from './split.js';
import { findPunctuationIssues } from './punctuation.js';
import { expectedLength } from './grade.js';

const normal = analyzeText({ transcript: NORMAL_ESSAY, title: NORMAL_TITLE, grade: 4 });

function rhetoricOf(text: string) {
  return findRhetoric(splitStructure(text).sentences).map((r) => r.kind);
}

describe('text analysis', () => {
  it('keeps the title line out of the body and gives paragraph and sentence offsets into the transcript', () => {
    expect(normal.titleLine?.text).toBe(NORMAL_TITLE);
    expect(normal.paragraphs).toHaveLength(5);
    for (const s of normal.sentences) expect(NORMAL_ESSAY.slice(s.start, s.end)).toBe(s.text);
    expect(normal.sentences[0]!.text).toBe('秋天到了，学校举行了一年一度的运动会。');
  });

  it('compares the character count with the grade’s expected length', () => {
    expect(normal.hanCount).toBeGreaterThan(300);
    expect(normal.length).toMatchObject({ grade: 4, min: 250, target: 350 });
    expect(expectedLength(10).min).toBeGreaterThan(expectedLength(9).min);
    expect(expectedLength(undefined).grade).toBe(8);
  });

  it('finds idioms through jieba’s POS tags and reports them with offsets', () => {
    const words = normal.vocabulary.idioms.map((i) => i.word);
    expect(words).toContain('坚持不懈');
    for (const i of normal.vocabulary.idioms) expect(NORMAL_ESSAY.slice(i.start, i.end)).toBe(i.word);
    expect(normal.vocabulary.richness).toBeGreaterThan(0.5);
  });

  it('detects simile, personification, parallelism, rhetorical and answered questions', () => {
    expect(rhetoricOf('我像离弦的箭一样冲了出去。')).toContain('simile');
    expect(rhetoricOf('小草探出头来，春风温柔地抚摸着大地，花儿笑了。')).toContain('personification');
    expect(rhetoricOf('我爱春天的花，我爱夏天的雨，我爱秋天的叶，我爱冬天的雪。')).toContain('parallelism');
    expect(rhetoricOf('难道我们不应该珍惜时间吗？')).toContain('rhetoricalQuestion');
    expect(rhetoricOf('什么是幸福？幸福就是一家人在一起。')).toContain('question');
    expect(rhetoricOf('他好像是生病了。')).toEqual([]);
  });

  it('finds dialogue and description', () => {
    expect(normal.dialogue.quotes.filter((q) => q.speech).length).toBeGreaterThanOrEqual(3);
    expect(normal.dialogue.descriptionKinds.psychological).toBeGreaterThan(0);
  });

  it('flags punctuation misuse with a fix', () => {
    const text = '我们去公园,然后回家。。。他说“好。”';
    const st = splitStructure(text);
    const issues = findPunctuationIssues(text, st.paragraphs.map((p) => p), st.sentences);
    expect(issues.find((i) => i.kind === 'halfWidth')).toMatchObject({ found: ',', fix: '，', start: 5 });
    expect(issues.find((i) => i.kind === 'ellipsis')).toMatchObject({ fix: '……' });
    expect(issues.find((i) => i.kind === 'speechColon')).toBeDefined();
  });

  it('a paragraph ending on a comma gets the comma replaced by a full stop, not a full stop added', () => {
    const text = '我们一起走过了很多地方，也看过了很多不同的风景，';
    const st = splitStructure(text);
    const end = findPunctuationIssues(text, st.paragraphs, st.sentences).find((i) => i.kind === 'missingEnd');
    expect(end).toMatchObject({ found: '，', fix: '。', start: text.length - 1 });
  });

  it('checks relevance to the title and to the writing requirements', () => {
    const a = analyzeText({ transcript: NORMAL_ESSAY, title: NORMAL_TITLE, grade: 4, requirements: ['不少于300字', '运用比喻', '写出人物对话', '写成议论文'] });
    expect(a.relevance.titleCoverage).toBe(1);
    expect(a.relevance.requirements.map((r) => [r.check, r.met])).toEqual([
      ['length', true],
      ['rhetoric', true],
      ['dialogue', true],
      ['genre', false],
    ]);
  });

  it('tells narrative, argumentative and poem apart', () => {
    expect(normal.genre.genre).toBe('narrative');
    expect(analyzeText({ transcript: ARGUMENT_ESSAY, grade: 7 }).genre.genre).toBe('argumentative');
    expect(analyzeText({ transcript: POEM, title: '春天', grade: 5 }).genre.genre).toBe('poem');
    const expository = '大熊猫是我国特有的珍稀动物，主要生活在四川的山区。它的身长约为一点五米，体重可达一百公斤左右。大熊猫的主要食物是竹子，一般每天要吃十几千克。它的特点是黑白相间，性格温和。';
    expect(analyzeText({ transcript: expository, grade: 5 }).genre.genre).toBe('expository');
  });
});
