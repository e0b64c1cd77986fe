// Rhetorical devices found by surface patterns: 比喻 (simile/metaphor markers), 拟人 (a thing of
// nature doing a human action), 排比 (three or more parallel clauses), 设问 (a question the writer
// answers) and 反问 (rhetorical question). Patterns favour precision: a missed device costs less
// than praising one that is not there.
import type { Sentence } from './split.js';

export type RhetoricKind = 'simile' | 'personification' | 'parallelism' | 'question' | 'rhetoricalQuestion';

export interface RhetoricHit {
  kind: RhetoricKind;
  start: number;
  end: number;
  /** the words that triggered the match */
  cue: string;
  sentence: number;
}

// 像 as a comparison, not 想像/图像/好像是 ("seems") etc.
const SIMILE =
  /(?<![想图影录肖偶画头佛不])(好像|仿佛|犹如|宛如|如同|好似|恰似|像是|像)(?!是在|这样|那样|这么|那么|话|样)[^，。！？；]{1,14}?(一样|一般|似的|般)?/u;
const SIMILE_STRONG = /(仿佛|犹如|宛如|如同|好似|恰似)|像[^，。！？；]{1,12}(一样|一般|似的)/u;
// 像 / 像是 / 好像 followed by a concrete image (a number and a measure word: 像一把打开的扇子,
// 像是谁把一杯橘子汽水打翻在了天上) compares; 好像在… / 像是在… ("seems to") does not.
const SIMILE_IMAGE = /(?<![想图影录肖偶画])(?:就像|像是|好像|像)(?:谁把|有人把)?[一两半几][个只把杯块条片朵颗座面幅张盏根团道群串艘弯轮盘层双枚粒滴缕阵头匹支顶间]/u;

const NATURE =
  '(?:太阳|月亮|星星|小草|小花|花儿|花朵|鲜花|柳树|大树|树木|树叶|叶子|小树|春风|微风|秋风|寒风|风儿|雨点|雨滴|春雨|小雨|白云|云朵|乌云|小溪|溪水|河水|江水|大海|海浪|浪花|高山|山峰|小鸟|鸟儿|雪花|阳光|月光|星星|大地|春天|秋天|冬天|夏天|钟表|闹钟|路灯|房子|小河|泉水|露珠|竹子|荷花|梅花|桃花|风|雨|雪|云|树|花|草)';
const HUMAN =
  '(?:微笑|笑|哭|唱歌|唱着|跳舞|舞蹈|点头|招手|害羞|睡着|睡觉|醒来|低语|诉说|说话|拥抱|亲吻|欢迎|叹息|调皮|高兴|伤心|眨着眼|眨眼|哭泣|呻吟|抚摸|追逐|嬉戏|捉迷藏|打招呼|探出头|伸懒腰|窃窃私语|欢笑|沉睡|流泪|怒吼|咆哮|温柔地)';
const PERSON = new RegExp(`(?<![一这那])${NATURE}(?:姐姐|妈妈|爷爷|公公|婆婆|娃娃|们)?[^，。！？；“”]{0,6}?${HUMAN}`, 'u');

const RHET_Q = /(难道[^。！？]*[吗么]|怎么能[^。！？]*[呢吗]|怎能|岂不|岂能|何尝|何必[^。！？]*呢|不是[^。！？]*吗|怎么会[^。！？]*[呢吗]|谁[^。！？]*不[^。！？]*[呢吗])[？?]?/u;
const WH = /(什么|为什么|怎样|怎么|哪|谁|如何|是否|多少|何)/u;

function clauses(text: string, base: number): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  const re = /[^，。！？；、,;!?]+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ text: m[0].trim(), start: base + m.index });
  return out;
}

/** Three or more clauses in a row with the same opening (2 chars, or 1 char plus matching length). */
function parallelism(s: Sentence): RhetoricHit | undefined {
  const cl = clauses(s.text, s.start).filter((c) => c.text.length >= 3);
  for (let i = 0; i + 2 < cl.length; i++) {
    const head = cl[i]!.text.slice(0, 2);
    let j = i + 1;
    while (j < cl.length && cl[j]!.text.slice(0, 2) === head) j++;
    if (j - i >= 3) {
      const last = cl[j - 1]!;
      return { kind: 'parallelism', start: cl[i]!.start, end: last.start + last.text.length, cue: head, sentence: s.index };
    }
  }
  return undefined;
}

export function findRhetoric(sentences: Sentence[]): RhetoricHit[] {
  const hits: RhetoricHit[] = [];
  for (const s of sentences) {
    const sim = SIMILE.exec(s.text);
    // A bare 像 needs a closing 一样/似的 or a strong marker, otherwise 好像 often just means "seems".
    if (sim && (SIMILE_STRONG.test(s.text) || SIMILE_IMAGE.test(s.text) || sim[2])) {
      hits.push({ kind: 'simile', start: s.start, end: s.end, cue: sim[0].slice(0, 12), sentence: s.index });
    }
    const per = PERSON.exec(s.text);
    if (per && !s.quoted) hits.push({ kind: 'personification', start: s.start, end: s.end, cue: per[0], sentence: s.index });
    const par = parallelism(s);
    if (par) hits.push(par);
    const rq = RHET_Q.exec(s.text);
    if (rq && /[？?]/.test(s.end_mark)) {
      hits.push({ kind: 'rhetoricalQuestion', start: s.start, end: s.end, cue: rq[0], sentence: s.index });
      continue;
    }
  }
  // 设问: a question outside dialogue, answered by the very next sentence of the same paragraph.
  for (let i = 0; i + 1 < sentences.length; i++) {
    const q = sentences[i]!;
    const a = sentences[i + 1]!;
    if (q.end_mark !== '？' || q.quoted || a.quoted || a.paragraph !== q.paragraph || a.end_mark === '？') continue;
    if (hits.some((h) => h.sentence === q.index && h.kind === 'rhetoricalQuestion')) continue;
    const wh = WH.exec(q.text);
    if (wh) hits.push({ kind: 'question', start: q.start, end: a.end, cue: wh[0], sentence: q.index });
  }
  // Sentence-level parallelism: three sentences in a row opening with the same two characters.
  for (let i = 0; i + 2 < sentences.length; i++) {
    const h = sentences[i]!.text.slice(0, 2);
    if (!/^\p{Script=Han}{2}$/u.test(h)) continue;
    if (sentences[i + 1]!.text.startsWith(h) && sentences[i + 2]!.text.startsWith(h)) {
      if (!hits.some((x) => x.kind === 'parallelism' && x.sentence >= i && x.sentence <= i + 2))
        hits.push({ kind: 'parallelism', start: sentences[i]!.start, end: sentences[i + 2]!.end, cue: h, sentence: i });
      i += 2;
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}
