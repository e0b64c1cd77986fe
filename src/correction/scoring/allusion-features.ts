// Allusion and argument evidence (引经据典, 论据): what senior-high teachers reward in an essay that
// argues with people, works and sayings rather than with the writer's own experience alone. Topic-free:
// fixed lists of markers (general knowledge of essay writing, not taken from any essay), jieba's own POS
// tag for person names, and the shape of a quotation (classical function characters, verse lines).
// No word of any essay is an input. A model block of its own (essay-model.ts, `allusionShare`).
import type { Token } from '../text/vocabulary.js';

export const ALLUSION_FEATURES = [
  'personNameRate',
  'workRate',
  'classicalQuoteRate',
  'sayingMarkerRate',
  'historyRate',
  'argumentMarkerRate',
] as const;
export type AllusionFeatures = Record<(typeof ALLUSION_FEATURES)[number], number>;

const HAN = /\p{Script=Han}/gu;
/** function characters of classical Chinese (文言虚词) */
const CLASSICAL = /[之乎者也兮矣焉哉而其]/gu;
/** The most common Chinese surnames (single-character, ≈ 85% of the population) and compound ones: jieba's
 * dictionary tags many common words nr (阳光, 桂冠), so a Chinese name must start with a surname. */
const SURNAMES = new Set([...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤屈岳鲁孟']);
const COMPOUND = /^(?:欧阳|司马|诸葛|上官|东方|皇甫|尉迟|公孙|令狐|长孙|慕容|司徒)/u;
/** a person's name: jieba's nr with a surname first (2-3 characters), or a transliterated name (nrt) */
const isName = (t: Token) =>
  (/^nr/.test(t.tag) && ((t.word.length >= 2 && t.word.length <= 3 && SURNAMES.has(t.word[0]!)) || (t.word.length >= 3 && COMPOUND.test(t.word)))) ||
  (t.tag === 'nrt' && t.word.length >= 2);
/** the marks that introduce a saying (名言): someone said, the ancients said, as the saying goes */
const SAYING = /曾经?说|说过|有言|有云|古人云|古语云|所言|所说|名言|常言道|俗话说|有句话|有这样一句话|写道|诗云|曰/gu;
/** time set in history: dynasties, centuries, decades, antiquity */
const HISTORY = /[秦汉晋隋唐宋元明清]朝|(?:春秋|战国|三国|南北朝|五代)(?:时期|时代|末年)?|[0-9〇零一二三四五六七八九十百千]+(?:年代|世纪)|公元前?|古代|古人|先贤|古往今来|自古以来|千百年来|历史上/gu;
/** the moves of an argument (议论文): example, inference, conclusion, concession */
const ARGUMENT = /例如|比如|譬如|就拿|以.{1,4}为例|由此可见|可见|这说明|这告诉我们|不难看出|事实证明|综上所述|总而言之|试想|反之|诚然|固然|正如|正因为|之所以/gu;
/** a quotation: Chinese quotes, corner brackets */
const QUOTE = /“([^”]{2,80})”|「([^」]{2,80})」/gu;
const WORK = /《([^》]{1,30})》/gu;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** A quoted line that reads as classical Chinese or verse: ≥ 2 classical function characters, or two or
 * more clauses of 4, 5 or 7 Han characters each, all the same length (诗 / 对句 / 四字格言). */
export function isClassicalQuote(inside: string): boolean {
  const han = inside.match(HAN) ?? [];
  if (han.length < 4) return false;
  if ((inside.match(CLASSICAL) ?? []).length >= 2 && han.length <= 40) return true;
  const clauses = inside.split(/[，。！？；、,.!?;\s]+/u).filter((c) => c.length > 0);
  if (clauses.length < 2) return false;
  const lens = clauses.map((c) => (c.match(HAN) ?? []).length);
  return lens.every((l) => l === lens[0]) && [4, 5, 7].includes(lens[0]!) && lens.every((l, i) => l === [...clauses[i]!].length);
}

/** `body` is the essay's paragraphs joined by '\n'; `tokens` its jieba tokens; `hanCount` its Han characters. */
export function extractAllusionFeatures(body: string, tokens: Token[], hanCount: number): AllusionFeatures {
  const k = 1000 / Math.max(hanCount, 100);
  const names = new Set(tokens.filter(isName).map((t) => t.word));
  const works = new Set([...body.matchAll(WORK)].map((m) => m[1]!));
  const classical = [...body.matchAll(QUOTE)].filter((m) => isClassicalQuote(m[1] ?? m[2]!)).length;
  const count = (re: RegExp) => (body.match(re) ?? []).length;
  const f: AllusionFeatures = {
    personNameRate: Math.log1p(names.size * k),
    workRate: Math.log1p(works.size * k),
    classicalQuoteRate: Math.log1p(classical * k),
    sayingMarkerRate: Math.log1p(count(SAYING) * k),
    historyRate: Math.log1p(count(HISTORY) * k),
    argumentMarkerRate: Math.log1p(count(ARGUMENT) * k),
  };
  for (const name of ALLUSION_FEATURES) f[name] = r3(Number.isFinite(f[name]) ? f[name] : 0);
  return f;
}
