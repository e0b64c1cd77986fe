// Topic-independent features of an essay: what makes an essay good whatever its title. Nothing here
// reads the calibration essays' own words: vocabulary is judged against jieba's general corpus
// frequencies, connectives and function words against fixed lists, length against the grade.
// Inputs of the monotone scorer (monotone-model.ts, fitted by bench/correction/train-monotone-scorer.ts).
import type { TextAnalysis } from '../text/analyze.js';
import { tokenize, type Token } from '../text/vocabulary.js';

export const GENERAL_FEATURES = [
  'lengthRatio',
  'paragraphs',
  'paragraphBalance',
  'sentenceMean',
  'sentenceSpread',
  'shortShare',
  'sentenceTypes',
  'clausesPerSentence',
  'richness',
  'charRichness',
  'rareShare',
  'meanLogFreq',
  'wordLength',
  'idiomRate',
  'goodWordRate',
  'descriptiveShare',
  'rhetoricRate',
  'rhetoricKinds',
  'connectiveRate',
  'connectiveKinds',
  'conjunctionShare',
  'pronounShare',
  'wrongCharRate',
  'punctuationIssueRate',
  'punctuationKinds',
  'titleCoverage',
  'genreConfidence',
  'dialogueShare',
  'descriptionRate',
  'firstPersonRate',
  'speechRate',
  'detailRate',
] as const;

export type GeneralFeatureName = (typeof GENERAL_FEATURES)[number];
export type GeneralFeatures = Record<GeneralFeatureName, number>;

// Connectives of cause, contrast, concession, progression, sequence and summary: how clauses hang together.
const CONNECTIVES = [
  '因为', '所以', '因此', '由于', '但是', '可是', '然而', '不过', '虽然', '尽管', '即使', '哪怕', '如果', '只要', '只有',
  '不仅', '不但', '而且', '并且', '甚至', '于是', '然后', '接着', '后来', '最后', '首先', '其次', '总之', '总而言之',
  '可见', '由此可见', '否则', '何况', '况且', '既然', '无论', '不管', '与其', '宁可', '一方面', '另一方面', '同时',
  '从此', '终于', '原来', '渐渐', '直到',
];
const CONNECTIVE_SET = new Set(CONNECTIVES);
// Worn-out set phrases of school essays (general knowledge, not taken from any data set): an essay
// built from them says little of its own. A rule of the scorer (local-scorer.ts), not a model input:
// on the calibration essays it even came out slightly positive, which no teacher would sign.
export const CLICHES = [
  '燃烧自己', '照亮别人', '辛勤的园丁', '辛勤地培育', '一盏明灯', '人类灵魂的工程师', '春蚕到死', '蜡炬成灰',
  '无私奉献', '默默奉献', '我爱我的', '报答她', '报答他', '报答老师', '优异的成绩', '时间过得真快', '光阴似箭',
  '日月如梭', '这真是一次难忘', '令我难忘', '永远不会忘记', '终生难忘', '我明白了一个道理', '我懂得了',
  '失败是成功之母', '功夫不负有心人', '坚持就是胜利', '记忆的长河', '成长的道路上', '我的心里美滋滋',
  '开心极了', '高兴极了', '心里暖暖的', '像妈妈一样',
];
// Concrete detail: numbers, clock times, measures: a scene seen rather than summed up.
const DETAIL = /[0-9一二三四五六七八九十百千两几]+(?:点|分钟|秒|米|岁|斤|条|只|个|本|次|天|年|层|张|瓶|块|粒|遍|周)/gu;
const HAN = /\p{Script=Han}/u;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Distinct Han characters per window of 200, averaged (length-independent character diversity). */
function charMattr(chars: string[], win = 200): number {
  if (chars.length === 0) return 0;
  if (chars.length <= win) return new Set(chars).size / chars.length;
  const counts = new Map<string, number>();
  let sum = 0;
  let n = 0;
  for (let i = 0; i < chars.length; i++) {
    counts.set(chars[i]!, (counts.get(chars[i]!) ?? 0) + 1);
    if (i >= win) {
      const old = chars[i - win]!;
      const c = counts.get(old)! - 1;
      if (c) counts.set(old, c);
      else counts.delete(old);
    }
    if (i >= win - 1) {
      sum += counts.size / win;
      n++;
    }
  }
  return sum / n;
}

/** The set phrases of CLICHES found in the text, with their offsets. */
export function findCliches(text: string): Array<{ phrase: string; start: number; end: number }> {
  const out: Array<{ phrase: string; start: number; end: number }> = [];
  for (const phrase of CLICHES) for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) out.push({ phrase, start: at, end: at + phrase.length });
  return out.sort((a, b) => a.start - b.start);
}

/** Length against the target the analysis was read at (the grade's, or the teacher's), on a log scale. */
export function logLengthRatio(a: TextAnalysis): number {
  return Math.log(Math.max(a.hanCount, 10) / a.length.target);
}

export function extractGeneralFeatures(a: TextAnalysis, tokens?: Token[]): GeneralFeatures {
  const body = a.paragraphs.map((p) => p.text).join('\n');
  const toks = (tokens ?? tokenize(body)).filter((t) => HAN.test(t.word));
  const k = 1000 / Math.max(a.hanCount, 100);
  const n = a.sentences.filter((s) => s.hanCount > 0).length || 1;
  const paraLens = a.paragraphs.map((p) => p.hanCount);
  const maxPara = Math.max(0, ...paraLens);
  const conn = toks.filter((t) => CONNECTIVE_SET.has(t.word));
  const tagShare = (re: RegExp) => (toks.length ? toks.filter((t) => re.test(t.tag)).length / toks.length : 0);
  const chars = [...body].filter((c) => HAN.test(c));
  const commas = (body.match(/[，；、]/g) ?? []).length;
  const f: GeneralFeatures = {
    lengthRatio: logLengthRatio(a),
    paragraphs: Math.log1p(a.paragraphs.length),
    paragraphBalance: a.hanCount ? 1 - maxPara / a.hanCount : 0,
    sentenceMean: Math.log1p(a.sentenceStats.meanHan),
    sentenceSpread: a.sentenceStats.meanHan ? a.sentenceStats.sdHan / a.sentenceStats.meanHan : 0,
    shortShare: a.sentenceStats.shortShare,
    sentenceTypes: a.sentenceStats.types,
    clausesPerSentence: (commas + n) / n,
    richness: a.vocabulary.richness,
    charRichness: charMattr(chars),
    rareShare: a.vocabulary.rareShare,
    meanLogFreq: a.vocabulary.meanLogFreq,
    wordLength: toks.length ? toks.reduce((s, t) => s + t.word.length, 0) / toks.length : 0,
    idiomRate: Math.log1p(a.vocabulary.idioms.length * k),
    goodWordRate: Math.log1p(a.vocabulary.goodWords.length * k),
    descriptiveShare: a.vocabulary.descriptiveShare,
    rhetoricRate: Math.log1p(a.rhetoric.length * k),
    rhetoricKinds: new Set(a.rhetoric.map((r) => r.kind)).size,
    connectiveRate: Math.log1p(conn.length * k),
    connectiveKinds: Math.log1p(new Set(conn.map((t) => t.word)).size),
    conjunctionShare: tagShare(/^c/),
    pronounShare: tagShare(/^r/),
    wrongCharRate: Math.log1p(a.wrongChars.length * k),
    punctuationIssueRate: Math.log1p(a.punctuation.length * k),
    punctuationKinds: new Set(body.match(/[，。！？；：“…—、]/g) ?? []).size,
    titleCoverage: a.relevance.titleCoverage ?? 1,
    genreConfidence: a.genre.confidence,
    dialogueShare: a.dialogue.dialogueShare,
    descriptionRate: Math.log1p(a.dialogue.description.length * k),
    firstPersonRate: Math.log1p((body.match(/我/g) ?? []).length * k),
    speechRate: Math.log1p(a.dialogue.quotes.filter((q) => q.speech).length * k),
    detailRate: Math.log1p((body.match(DETAIL) ?? []).length * k),
  };
  for (const name of GENERAL_FEATURES) f[name] = r3(Number.isFinite(f[name]) ? f[name] : 0);
  return f;
}
