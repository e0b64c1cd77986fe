// Relevance of the essay to its title and to the task's writing requirements.
import { getLexicon } from '../lexicon.js';
import { genreFromText, type Genre } from './genre.js';

export interface KeywordUse {
  keyword: string;
  /** occurrences in the body (the word, or for 2+ character words any of its content characters twice) */
  count: number;
  /** first occurrence, UTF-16 offsets */
  first?: [number, number];
}

export interface RequirementCheck {
  requirement: string;
  /** what was checked: length, rhetoric, dialogue, description, genre, keywords */
  check: 'length' | 'rhetoric' | 'dialogue' | 'description' | 'genre' | 'keywords';
  met: boolean | null;
  detail: string;
}

export interface Relevance {
  titleKeywords: KeywordUse[];
  /** share of title keywords found in the body, 0..1 (null when the title has no content words) */
  titleCoverage: number | null;
  /** share of body characters that are title characters, a soft signal */
  titleCharDensity: number;
  requirements: RequirementCheck[];
}

// Words that carry no topic in essay titles (我的, 一次, 那, 记 ...).
const STOP = new Set(
  '我 我的 我们 你 他 她 它 的 了 是 在 和 与 一 一次 一个 一件 那 这 那次 这次 那一次 记 写 篇 作文 题目 一件事 事 个 让 把 被 也 都 最 着 过 啊 呀 吧 呢 因 而 为 之 中 上 下 里 得 地 有 没有 不 就 还 再 又 给 从 到 对 向 自己 什么 怎样 如何 时候'.split(' '),
);

export function titleKeywords(title: string): string[] {
  const lex = getLexicon();
  const words = lex.jieba
    .cut(title.replace(/[《》“”"'：:，,。！？!?\s]/g, ' '), true)
    .map((w) => w.trim())
    .filter((w) => w && /\p{Script=Han}/u.test(w) && !STOP.has(w));
  return [...new Set(words)];
}

function findUses(body: string, bodyStart: number, kw: string): KeywordUse {
  let count = 0;
  let first: [number, number] | undefined;
  for (let i = body.indexOf(kw); i >= 0; i = body.indexOf(kw, i + kw.length)) {
    count++;
    first ??= [bodyStart + i, bodyStart + i + kw.length];
  }
  if (count === 0 && kw.length >= 2) {
    // 自尊 in the title, 尊严 in the body: content characters of the keyword count, at half weight.
    const chars = [...kw].filter((c) => !STOP.has(c));
    let hits = 0;
    for (const c of chars) {
      const at = body.indexOf(c);
      if (at >= 0) {
        hits += (body.split(c).length - 1);
        first ??= [bodyStart + at, bodyStart + at + 1];
      }
    }
    count = hits >= 2 ? Math.floor(hits / 2) : 0;
    if (!count) first = undefined;
  }
  return first ? { keyword: kw, count, first } : { keyword: kw, count };
}

export interface RequirementContext {
  hanCount: number;
  rhetoricKinds: Set<string>;
  speechQuotes: number;
  descriptionHits: number;
  genre: Genre;
}

const RHET_NAMES: Record<string, string> = {
  比喻: 'simile',
  拟人: 'personification',
  排比: 'parallelism',
  设问: 'question',
  反问: 'rhetoricalQuestion',
};

export function checkRequirement(req: string, body: string, ctx: RequirementContext): RequirementCheck {
  const len = /(?:不少于|不低于|至少|字数)\s*(\d{2,4})\s*字/.exec(req) ?? /(\d{3,4})\s*字(?:以上|左右)/.exec(req);
  if (len) {
    const n = Number(len[1]);
    const met = /左右/.test(req) ? ctx.hanCount >= n * 0.85 : ctx.hanCount >= n;
    return { requirement: req, check: 'length', met, detail: `${ctx.hanCount}/${n}` };
  }
  const rh = Object.keys(RHET_NAMES).filter((k) => req.includes(k));
  if (rh.length || /修辞/.test(req)) {
    const met = rh.length ? rh.every((k) => ctx.rhetoricKinds.has(RHET_NAMES[k]!)) : ctx.rhetoricKinds.size > 0;
    return { requirement: req, check: 'rhetoric', met, detail: rh.join('、') || '修辞' };
  }
  if (/对话|语言描写/.test(req)) return { requirement: req, check: 'dialogue', met: ctx.speechQuotes > 0, detail: String(ctx.speechQuotes) };
  if (/描写|细节/.test(req)) return { requirement: req, check: 'description', met: ctx.descriptionHits >= 3, detail: String(ctx.descriptionHits) };
  const g = genreFromText(req);
  if (g && /文体|体裁|记叙文|议论文|说明文|诗歌/.test(req)) {
    return { requirement: req, check: 'genre', met: g === ctx.genre, detail: `${g}/${ctx.genre}` };
  }
  // Otherwise: the requirement's content words should show up in the essay (切合题意, 写一件事 ...).
  const kws = titleKeywords(req).filter((w) => w.length >= 2 && !/要求|文章|内容|表达|真情实感|题目|自拟|文体|不限|感情|字迹|工整|书写/.test(w));
  if (!kws.length) return { requirement: req, check: 'keywords', met: null, detail: '' };
  const found = kws.filter((k) => body.includes(k));
  return { requirement: req, check: 'keywords', met: found.length > 0, detail: found.join('、') || kws.join('、') };
}

export function analyzeRelevance(
  title: string,
  body: string,
  bodyStart: number,
  requirements: string[],
  ctx: RequirementContext,
): Relevance {
  const kws = titleKeywords(title);
  const uses = kws.map((k) => findUses(body, bodyStart, k));
  const titleChars = new Set([...kws.join('')]);
  let dense = 0;
  let han = 0;
  for (const c of body) {
    if (!/\p{Script=Han}/u.test(c)) continue;
    han++;
    if (titleChars.has(c)) dense++;
  }
  return {
    titleKeywords: uses,
    titleCoverage: kws.length ? Math.round((uses.filter((u) => u.count > 0).length / kws.length) * 100) / 100 : null,
    titleCharDensity: han ? Math.round((dense / han) * 1000) / 1000 : 0,
    requirements: requirements.map((r) => checkRequirement(r, body, ctx)),
  };
}
