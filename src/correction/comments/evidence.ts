// What a comment may quote from the essay. Every quoted phrase comes through here, so three rules hold
// in every comment, note and sample: a character the OCR read with doubt is never quoted (the pupil
// may not have written it); a sentence that quotes an image in order to reject it (老师说“夕阳像一个大
// 红球”这个比喻很多人用过) is never praised; quotes are whole sentences or clauses, never cut words.
import type { GoodSentence, TextAnalysis } from '../text/analyze.js';
import type { Paragraph } from '../text/split.js';

const SENTENCE_MAX = 48;

/** Words that show the essay is rejecting what it quotes: a worn-out image, a cliché, a wrong example. */
const REJECTION = /很多人用过|别人用过|用烂|老套|俗套|陈词滥调|千篇一律|不新鲜|太普通|没有新意|缺少新意|只属于你|只属于自己|都这么写|人人都会写/u;

/** Does [start, end) hold a character the OCR was not sure of? */
export function hasDoubt(a: Pick<TextAnalysis, 'doubtful'>, start: number, end: number): boolean {
  return (a.doubtful ?? []).some((o) => o >= start && o < end);
}

/** Is the offset inside “…” of its sentence: someone's words or an example, not the writer's own image? */
export function insideQuotes(a: TextAnalysis, at: number): boolean {
  const s = a.sentences.find((x) => at >= x.start && at < x.end);
  if (!s) return false;
  const before = s.text.slice(0, at - s.start);
  return (before.match(/“/g) ?? []).length > (before.match(/”/g) ?? []).length;
}

/** The sentence quotes a phrase and it, or the sentence after it, rejects what it quotes. */
export function rejectsQuoted(a: TextAnalysis, sentence: number): boolean {
  const s = a.sentences[sentence];
  if (!s || !/“[^”]+”/u.test(s.text)) return false;
  const next = a.sentences[sentence + 1];
  return REJECTION.test(s.text) || (next !== undefined && next.paragraph === s.paragraph && REJECTION.test(next.text));
}

/** Rhetoric hits that are the writer's own: not inside quotation marks, not doubtful. */
export function ownRhetoric(a: TextAnalysis): TextAnalysis['rhetoric'] {
  return a.rhetoric.filter((r) => !insideQuotes(a, r.start) && !rejectsQuoted(a, r.sentence) && !hasDoubt(a, r.start, r.end));
}

/**
 * The good sentences a comment may praise: not a quoted example the essay rejects, not holding a
 * doubtful character; a device found only inside quotation marks is not counted as the writer's.
 */
export function praisableGoodSentences(a: TextAnalysis): GoodSentence[] {
  const own = new Set(ownRhetoric(a).map((r) => r.sentence));
  const out: GoodSentence[] = [];
  for (const g of a.goodSentences) {
    if (rejectsQuoted(a, g.sentence) || hasDoubt(a, g.start, g.end)) continue;
    if (g.reasons.includes('rhetoric') && !own.has(g.sentence)) {
      const reasons = g.reasons.filter((r) => r !== 'rhetoric');
      const cues = g.cues.filter((c) => !a.rhetoric.some((r) => r.sentence === g.sentence && r.kind === c));
      if (!reasons.length) continue;
      out.push({ ...g, reasons, cues });
      continue;
    }
    out.push(g);
  }
  return out;
}

/** A whole sentence of the essay, or when it is long the whole clauses around `at` (never a cut word); none if doubtful. */
export function quoteSentence(a: TextAnalysis, at: number): string | undefined {
  const s = a.sentences.find((x) => at >= x.start && at < x.end);
  if (!s) return undefined;
  const trimmed = s.text.replace(/^\s+|[\s。！？…]+$/g, '');
  if ([...trimmed].length <= SENTENCE_MAX) return hasDoubt(a, s.start, s.end) ? undefined : nested(trimmed);
  // Clauses: split after ，；： keeping the marks; grow from the clause holding `at` while short enough.
  const parts = s.text.match(/[^，；：]+[，；：]?/gu) ?? [s.text];
  let pos = s.start;
  const spans = parts.map((p) => {
    const span = { text: p, start: pos };
    pos += p.length;
    return span;
  });
  let i = Math.max(0, spans.findIndex((x, k) => at >= x.start && (k === spans.length - 1 || at < spans[k + 1]!.start)));
  let j = i;
  const len = () => [...spans.slice(i, j + 1).map((x) => x.text).join('')].length;
  while (j + 1 < spans.length && len() + [...spans[j + 1]!.text].length <= SENTENCE_MAX) j++;
  while (i > 0 && len() + [...spans[i - 1]!.text].length <= SENTENCE_MAX) i--;
  const from = spans[i]!.start;
  const to = spans[j]!.start + spans[j]!.text.length;
  if (hasDoubt(a, from, to)) return undefined;
  return nested(spans.slice(i, j + 1).map((x) => x.text).join('').replace(/[，；：。！？…\s]+$/, ''));
}

/** Quotation marks inside a quoted sentence become single ones (‘…’), as Chinese nests them; a lone one is dropped. */
function nested(text: string): string {
  const opens = (text.match(/“/g) ?? []).length;
  const closes = (text.match(/”/g) ?? []).length;
  let t = text;
  if (opens > closes) t = t.replace(/“(?![^“]*”)/u, '');
  else if (closes > opens) t = t.replace(/^([^“]*?)”/u, '$1');
  return t.replace(/“/g, '‘').replace(/”/g, '’');
}

/** The first words of a paragraph (8 characters), to name it in a comment; none if doubtful. */
export function paragraphHead(a: TextAnalysis, p: Paragraph): string | undefined {
  const lead = p.text.match(/^[“”"\s]*/u)?.[0].length ?? 0;
  const chars = [...p.text.slice(lead)].slice(0, 8).join('');
  if (hasDoubt(a, p.start + lead, p.start + lead + chars.length)) return undefined;
  return chars;
}

/** Words of the essay safe to quote: each found in the body and none doubtful. */
export function quotableWords(a: TextAnalysis, words: Array<{ word: string; start: number; end: number }>): string[] {
  return [...new Set(words.filter((w) => !hasDoubt(a, w.start, w.end)).map((w) => w.word))];
}
