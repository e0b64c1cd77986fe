// Punctuation misuse that can be told from the text alone. Each issue carries the exact range and,
// where there is one, the fix (e.g. a half-width comma between Chinese characters -> ，).
import type { Paragraph, Sentence } from './split.js';

export type PunctuationKind =
  | 'halfWidth'
  | 'repeated'
  | 'ellipsis'
  | 'unbalancedQuote'
  | 'leadingMark'
  | 'missingEnd'
  | 'commaSplice'
  | 'speechColon';

export interface PunctuationIssue {
  kind: PunctuationKind;
  start: number;
  end: number;
  found: string;
  fix?: string;
}

const HALF: Record<string, string> = { ',': '，', '.': '。', '?': '？', '!': '！', ';': '；', ':': '：' };

export function findPunctuationIssues(text: string, paragraphs: Paragraph[], sentences: Sentence[]): PunctuationIssue[] {
  const out: PunctuationIssue[] = [];
  // Half-width marks right after a Chinese character (not inside numbers such as 3.14 or English).
  for (const m of text.matchAll(/(?<=\p{Script=Han})[,.?!;:](?![0-9A-Za-z])/gu)) {
    out.push({ kind: 'halfWidth', start: m.index!, end: m.index! + 1, found: m[0], fix: HALF[m[0]] });
  }
  // ASCII double quotes in Chinese text: paired in order, the first opens (“) and the next closes (”).
  let open = true;
  for (const m of text.matchAll(/"/g)) {
    const near = text.slice(Math.max(0, m.index! - 2), m.index! + 3);
    if (!/\p{Script=Han}/u.test(near)) continue;
    out.push({ kind: 'halfWidth', start: m.index!, end: m.index! + 1, found: '"', fix: open ? '“' : '”' });
    open = !open;
  }
  // Dots used as an ellipsis: 。。。 or ... -> ……
  for (const m of text.matchAll(/。{2,}|\.{3,}|(?<!…)…(?!…)/gu)) {
    out.push({ kind: 'ellipsis', start: m.index!, end: m.index! + m[0].length, found: m[0], fix: '……' });
  }
  // Doubled marks: ，， ！！ ？？ (a teacher marks them all; ？！ stays, it is a standard combination).
  for (const m of text.matchAll(/([，、；：。])\1+|([！？])\2+/gu)) {
    out.push({ kind: 'repeated', start: m.index!, end: m.index! + m[0].length, found: m[0], fix: m[0][0] });
  }
  // Quoted speech needs a colon: 说“ -> 说：“
  for (const m of text.matchAll(/(?<=(说|道|问|喊|答))“/gu)) {
    out.push({ kind: 'speechColon', start: m.index!, end: m.index! + 1, found: '“', fix: '：“' });
  }
  for (const p of paragraphs) {
    // A paragraph opening with a comma or full stop has lost its first words or misplaced the mark.
    const lead = /^[，。、；：！？]/u.exec(p.text);
    if (lead) out.push({ kind: 'leadingMark', start: p.start, end: p.start + 1, found: lead[0] });
    const opens = (p.text.match(/“/g) ?? []).length + Math.ceil((p.text.match(/"/g) ?? []).length / 2);
    const closes = (p.text.match(/”/g) ?? []).length + Math.floor((p.text.match(/"/g) ?? []).length / 2);
    if (opens !== closes) {
      const at = p.text.lastIndexOf(opens > closes ? '“' : '”');
      out.push({ kind: 'unbalancedQuote', start: p.start + at, end: p.start + at + 1, found: opens > closes ? '“' : '”' });
    }
    // A paragraph (longer than a heading) that stops without 。！？… or a closing quote.
    if (p.hanCount > 15 && !/[。！？!?…”’」』）)—]$/u.test(p.text) && !/题记$/.test(p.text)) {
      const last = p.text.slice(-1);
      // A paragraph ending on a pause mark (，、；：) needs that mark replaced, not a full stop added after it.
      out.push({ kind: 'missingEnd', start: p.end - 1, end: p.end, found: last, fix: /[，、；：,;:]/u.test(last) ? '。' : last + '。' });
    }
  }
  // 一逗到底: one "sentence" of many comma-joined clauses.
  for (const s of sentences) {
    const commas = (s.text.match(/，/g) ?? []).length;
    if (commas >= 7 && s.hanCount >= 80) out.push({ kind: 'commaSplice', start: s.start, end: s.end, found: `${commas}×，` });
  }
  return out.sort((a, b) => a.start - b.start);
}
