// Abnormal flags that the text alone can raise, each with its evidence.
import { flagLabel, type FlagHit } from './flags.js';
import type { TextAnalysis } from './text/analyze.js';
import { genreFromText, genreRequiredBy, type Genre } from './text/genre.js';
import { driftPhrase, GENRE_NAMES } from './comments/comments.js';
import { endingCutOff, farTooShort } from './text/ending.js';

type Lang = 'zh' | 'en';

export interface TextFlagInput {
  transcript: string;
  title?: string;
  grade?: number;
  genre?: string;
  requirements?: string[];
}

/** Empty, or mostly not Chinese characters (an OCR failure or a wrong file). */
export function recognitionFailed(a: TextAnalysis): boolean {
  return a.hanCount < 10 || a.hanShare < 0.5 || a.repetition > 0.6;
}

export function requiredGenre(input: TextFlagInput): Genre | undefined {
  if (input.genre) return genreFromText(input.genre) ?? (['narrative', 'argumentative', 'expository', 'poem'].includes(input.genre) ? (input.genre as Genre) : undefined);
  for (const r of input.requirements ?? []) {
    const g = genreRequiredBy(r);
    if (g) return g;
  }
  return undefined;
}

export function textFlags(a: TextAnalysis, input: TextFlagInput, lang: Lang): FlagHit[] {
  const zh = lang === 'zh';
  const flags: FlagHit[] = [];
  const hit = (code: FlagHit['code'], evidence: string, ranges: Array<[number, number]> = []) =>
    flags.push({ code, label: flagLabel(code, lang), evidence, ranges });

  if (recognitionFailed(a)) {
    hit(
      'TEXT_RECOGNITION_FAILED',
      zh
        ? `识别出的汉字仅${a.hanCount}个，汉字占比${Math.round(a.hanShare * 100)}%${a.repetition > 0.6 ? `，重复内容占${Math.round(a.repetition * 100)}%` : ''}`
        : `only ${a.hanCount} Chinese characters, ${Math.round(a.hanShare * 100)}% of the text${a.repetition > 0.6 ? `, ${Math.round(a.repetition * 100)}% repeated` : ''}`,
    );
    return flags; // nothing else can be judged on such a text
  }

  const missing: string[] = [];
  if (!input.title?.trim() && !a.titleLine) missing.push(zh ? '作文题目' : 'title');
  if (input.grade === undefined || !Number.isInteger(input.grade) || input.grade < 1 || input.grade > 12) missing.push(zh ? '年级' : 'grade');
  if (missing.length) hit('MISSING_COMMENT_INFO', zh ? `缺少${missing.join('、')}，评语无法据此判断切题与篇幅` : `missing ${missing.join(' and ')}: relevance and length cannot be judged`);

  // Off-topic: none of the title's content words (nor their characters) show up in a real essay body.
  const cov = a.relevance.titleCoverage;
  if (cov === 0 && a.hanCount >= 100 && a.relevance.titleCharDensity < 0.01) {
    const kws = a.relevance.titleKeywords.map((k) => k.keyword).join(zh ? '、' : ', ');
    hit('OFF_TOPIC', zh ? `题目关键词（${kws}）在正文中均未出现` : `none of the title's key words (${kws}) appear in the essay`);
  }
  // Partial drift: the essay names its person or animal, then leaves it for half the text or more.
  const drift = a.relevance.drift;
  if (drift?.drifted && !flags.some((f) => f.code === 'OFF_TOPIC')) hit('OFF_TOPIC', driftPhrase(drift, lang), drift.ranges);

  const want = requiredGenre(input);
  if (want && want !== 'poem' && a.genre.genre !== want && a.genre.confidence >= 0.3) {
    hit(
      'GENRE_MISMATCH',
      zh
        ? `要求写${GENRE_NAMES[want].zh}，文章更像${GENRE_NAMES[a.genre.genre].zh}（线索：${a.genre.cues.slice(0, 4).join('、')}）`
        : `a ${GENRE_NAMES[want].en} was asked for; this reads as a ${GENRE_NAMES[a.genre.genre].en} (cues: ${a.genre.cues.slice(0, 4).join(', ')})`,
    );
  }

  // Incomplete: far below the grade's minimum, or the last paragraph stops mid-sentence.
  const lastP = a.paragraphs[a.paragraphs.length - 1];
  const cutOff = endingCutOff(a);
  const tooShort = farTooShort(a);
  if (tooShort || cutOff) {
    const why: string[] = [];
    if (tooShort) why.push(zh ? `仅${a.hanCount}字，不足本年级最低要求${a.length.min}字的一半` : `${a.hanCount} characters, under half the grade's minimum of ${a.length.min}`);
    if (cutOff) why.push(zh ? `结尾“${lastP!.text.slice(-8)}”没有写完` : `it stops mid-sentence: “${lastP!.text.slice(-8)}”`);
    hit('INCOMPLETE_ESSAY', why.join(zh ? '；' : '; '), cutOff ? [[lastP!.end - Math.min(8, lastP!.text.length), lastP!.end]] : []);
  }
  return flags;
}
