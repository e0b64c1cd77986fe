// Genre from cue words and layout: narrative (记叙文), argumentative (议论文), expository (说明文), poem (诗歌).
import { genreOfLabel } from '../../core/domain/genre-label.js';
import type { Paragraph, Sentence } from './split.js';

export type Genre = 'narrative' | 'argumentative' | 'expository' | 'poem';

export const GENRES: readonly Genre[] = ['narrative', 'argumentative', 'expository', 'poem'];

export interface GenreResult {
  genre: Genre;
  /** cue counts per 1000 Han characters (poem: a 0-10 layout score) */
  scores: Record<Genre, number>;
  /** 0..1, how far the winner is ahead */
  confidence: number;
  /** cue words found, for the evidence */
  cues: string[];
}

const CUES: Record<Exclude<Genre, 'poem'>, RegExp> = {
  narrative:
    /那天|那一次|有一次|记得|小时候|后来|突然|忽然|于是|接着|终于|这时|那时|当时|我们|妈妈|爸爸|奶奶|爷爷|老师|同学|[说问喊]：|笑了|哭了|走进|跑到|回到家/gu,
  argumentative:
    /我认为|我觉得|总之|综上所述|由此可见|因此|所以说|观点|论点|事实上|例如|比如|正如|名言|说过|古人云|俗话说|首先|其次|再次|最后|应该|必须|只有|才能|不仅|而且|可见|可以说|人生|成功|意义|价值|精神|道理/gu,
  expository:
    /介绍|说明|分为|组成|构成|特点|作用|结构|原理|位于|大约|约为|左右|长达|高达|包括|主要|一般|通常|例如|米|厘米|千米|公里|公斤|千克|平方|摄氏度|%|％|种类|方法|步骤|功能|材料/gu,
};

/** Lines short, many, and without sentence stops: the layout of a poem. */
function poemScore(paragraphs: Paragraph[], sentences: Sentence[], title: string): number {
  if (paragraphs.length < 4) return /诗/.test(title) ? 2 : 0;
  const short = paragraphs.filter((p) => p.hanCount > 0 && p.hanCount <= 14).length / paragraphs.length;
  const stops = sentences.filter((s) => s.end_mark === '。').length / paragraphs.length;
  let score = 0;
  if (short >= 0.7) score += 5;
  else if (short >= 0.5) score += 2;
  if (stops < 0.4) score += 3;
  if (/诗|歌|吟|赋/.test(title)) score += 2;
  return score;
}

export function detectGenre(text: string, hanCount: number, paragraphs: Paragraph[], sentences: Sentence[], title: string): GenreResult {
  const per1k = Math.max(hanCount, 100) / 1000;
  const cues: string[] = [];
  const scores: Record<Genre, number> = { narrative: 0, argumentative: 0, expository: 0, poem: 0 };
  for (const g of ['narrative', 'argumentative', 'expository'] as const) {
    const found = text.match(CUES[g]) ?? [];
    scores[g] = Math.round((found.length / per1k) * 10) / 10;
    cues.push(...new Set(found.slice(0, 6)));
  }
  // First-person past narration is the default of school essays: only a clear lead changes it.
  const firstPerson = (text.match(/我/g) ?? []).length / per1k;
  scores.narrative += Math.min(firstPerson / 4, 10);
  const poem = poemScore(paragraphs, sentences, title);
  scores.poem = poem;
  if (poem >= 7) return { genre: 'poem', scores, confidence: Math.min(1, poem / 10), cues: ['short lines', ...cues.slice(0, 3)] };
  const ranked = (['narrative', 'argumentative', 'expository'] as const)
    .map((g) => [g, scores[g]] as const)
    .sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  const confidence = first![1] > 0 ? Math.round(((first![1] - second![1]) / first![1]) * 100) / 100 : 0;
  return { genre: first![0], scores, confidence, cues: cues.slice(0, 8) };
}

/** Genre named in free text (a task's genre field or a writing requirement), if any. */
export function genreFromText(s: string): Genre | undefined {
  const named = genreOfLabel(s);
  // the engine judges no practical writing as such: its genre comes from the text
  return named === 'practical' ? undefined : named;
}

/**
 * The genre a writing requirement asks for, when it is about the genre ("写成记叙文", "文体不限"
 * names none): the relevance check and the genre flag read requirements by this one rule.
 */
export function genreRequiredBy(requirement: string): Genre | undefined {
  return /文体|体裁|写成|记叙文|议论文|说明文|诗歌/.test(requirement) ? genreFromText(requirement) : undefined;
}
