// 的 / 地 / 得: the structural particle a teacher corrects most. Rules written from the grammar, not
// learned from any data set; they favour precision (a missed slip costs less than a wrong mark):
//   地 before a verb: an adverbial (a reduplicated word, an adjective or idiom) + 的 + a verb that is
//      followed by an aspect mark, a complement or the end of the clause: 深深的吸了一口气 → 地,
//      大胆的说， → 地. A verb followed by a noun (认真的学习态度) is left alone.
//   得 before a complement: a verb or adjective + 的 + a degree or result complement
//      (说不出, 很, 非常, 满头大汗 …): 紧张的说不出话来 → 得, 跑的很快 → 得.
import { getLexicon } from '../lexicon.js';

export interface DeFix {
  start: number;
  end: number;
  wrong: string;
  fix: string;
  /** the two words around the particle, e.g. 深深地吸 */
  word: string;
}

const REDUP = /^(.)\1$|^(.)\2(.)\3$|^.(.)\4$/u;
const ADVERBIAL_TAG = /^(a|ad|z|i|l|d|b)$/;
// Adjectives pupils use before verbs that jieba may tag as nouns (大胆/n).
const ADVERBIAL_WORDS = new Set('大胆 认真 仔细 耐心 热情 高兴 开心 兴奋 努力 拼命 使劲 用力 小心 飞快 迅速 慢慢 悄悄 默默 静静 轻轻 紧紧 狠狠 好好 激动 生气 愤怒 伤心 难过 害羞 温柔 亲切 大声 小声 轻声 得意 骄傲 自豪 紧张 专心 专注 焦急 着急 不停 不断 渐渐 慢吞吞 急匆匆'.split(' '));
const VERB_TAG = /^(v|vd|vi)$/;
// After the verb: an aspect mark, a direction or result complement, an object-less end of clause.
const VERB_AFTER = /^(了|着|过|起来|起|下来|下去|出来|出去|上来|回来|进来|过来|开来|一|[，。！？；：“”…]|$)/u;
const SPEECH = /^(说|道|问|喊|叫|回答|笑|哭|点头|摇头)$/u;
// What follows 得: degree words, "cannot" complements, set result phrases.
const COMPLEMENT = /^(很|非常|十分|特别|格外|极|太|真|更|越来越|那么|这么|像|连|满头|满脸|面红耳赤|直|发抖|说不出|喘不过|抬不起|直不起|睁不开|合不拢|停不下|睡不着|不得了|要命|不行|不能自已|不亦乐乎|团团转|眼泪|热泪|哈哈大笑|前仰后合|上气不接下气)/u;
const NOT_BEFORE_DE = /^(r|n|nr|ns|nt|nz|m|q|t|f|s|p|c|u|uj|ul|x)/;

function tokensOf(clause: string): Array<{ word: string; tag: string; start: number }> {
  const out: Array<{ word: string; tag: string; start: number }> = [];
  let pos = 0;
  for (const t of getLexicon().tagText(clause)) {
    const at = clause.indexOf(t.word, pos);
    if (at < 0) continue;
    out.push({ word: t.word, tag: t.tag, start: at });
    pos = at + t.word.length;
  }
  return out;
}

/** 的 that should be 地 or 得, with offsets into `text`. */
export function findDeMisuse(text: string): DeFix[] {
  const out: DeFix[] = [];
  // Work sentence by sentence (the particle's context never crosses a full stop).
  for (const m of text.matchAll(/[^。！？\n]+[。！？]?/gu)) {
    const sentence = m[0];
    const base = m.index;
    if (!sentence.includes('的')) continue;
    const toks = tokensOf(sentence);
    for (let i = 1; i + 1 < toks.length; i++) {
      const de = toks[i]!;
      if (de.word !== '的') continue;
      const left = toks[i - 1]!;
      const right = toks[i + 1]!;
      const after = toks[i + 2]?.word ?? '';
      if (left.start + left.word.length !== de.start) continue;
      if (NOT_BEFORE_DE.test(left.tag) && !REDUP.test(left.word) && !ADVERBIAL_WORDS.has(left.word) && !ADVERBIAL_TAG.test(getLexicon().tag.get(left.word) ?? '')) continue;
      let fix: '地' | '得' | undefined;
      const rest = sentence.slice(right.start);
      if (VERB_TAG.test(left.tag) || /^a/.test(left.tag)) {
        if (COMPLEMENT.test(rest) && !/^(很多|很少|真正|更多|太阳|直到|像是)/u.test(rest)) fix = '得';
      }
      const adverbial = REDUP.test(left.word) || ADVERBIAL_WORDS.has(left.word) || ADVERBIAL_TAG.test(left.tag) || ADVERBIAL_TAG.test(getLexicon().tag.get(left.word) ?? '');
      // 拍了拍 / 看一看 / 笑着: the verb carries its own aspect.
      const verbWithAspect = /^(.)[了一]\1$|[了着过]$/u.test(right.word);
      // The dictionary must agree that the next word is a verb (一棵完整的树: 树 is tagged v in context).
      const dictTag = getLexicon().tag.get(right.word);
      // 一棵完整的树: a numeral and measure word before the adjective make it a noun phrase.
      const measured = /[一两几这那每][个只棵本张条件位片块朵座间道根头匹支双种样]$/u.test(sentence.slice(0, left.start));
      if (!fix && adverbial && !measured && VERB_TAG.test(right.tag) && (!dictTag || /^v/.test(dictTag))) {
        // A bare verb ending the clause after an adjective is mostly a verb used as a noun (不同的判断，
        // 适当的给予。), a single character mostly a noun (特别的花，): there only an adverb or idiom
        // (快速的增加，尽力的避免。) or a clear adverbial (深深, 大胆 …) turns 的 into 地.
        const clauseEnd = /^([，。！？；：“”…]|$)/u.test(after);
        const clearAdverbial = REDUP.test(left.word) || ADVERBIAL_WORDS.has(left.word) || (/^(d|i|l|z)$/.test(left.tag) && right.word.length > 1);
        if (clauseEnd && !SPEECH.test(right.word) && !verbWithAspect && !clearAdverbial) continue;
        if (VERB_AFTER.test(after) || SPEECH.test(right.word) || verbWithAspect) fix = '地';
      }
      if (!fix) continue;
      const at = base + de.start;
      out.push({ start: at, end: at + 1, wrong: '的', fix, word: `${left.word}${fix}${right.word}` });
    }
  }
  return out;
}
