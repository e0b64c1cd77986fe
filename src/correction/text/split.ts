// Paragraphs and sentences of a transcript, with UTF-16 offsets [start, end) into the original text,
// so every note can be drawn back on the transcript (and, through OCR boxes, on the image).

export interface Span {
  start: number;
  end: number;
  text: string;
}

export interface Paragraph extends Span {
  index: number;
  /** Han characters in the paragraph */
  hanCount: number;
  /** indexes into the sentence list */
  sentences: number[];
}

export interface Sentence extends Span {
  index: number;
  paragraph: number;
  hanCount: number;
  /** the closing mark: 。！？… or '' when the paragraph just ends */
  end_mark: string;
  /** inside “” quotation (a line of dialogue) */
  quoted: boolean;
}

const HAN_G = /\p{Script=Han}/gu;

export function countHan(s: string): number {
  return s.match(HAN_G)?.length ?? 0;
}

/** Paragraphs are non-blank lines; leading full-width or ASCII spaces are not part of the text. */
export function splitParagraphs(text: string): Span[] {
  const out: Span[] = [];
  const re = /[^\r\n]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lead = m[0].length - m[0].replace(/^[\s\u3000]+/, '').length;
    const body = m[0].trim();
    if (!body) continue;
    const start = m.index + lead;
    out.push({ start, end: start + body.length, text: body });
  }
  return out;
}

const END = '。！？!?…';
const CLOSERS = '”’」』）)》';

/**
 * Sentences end at 。！？ (and runs of them, ……), plus any closing quote right after. A closing quote
 * ends a sentence too when the quoted speech itself ended with a stop mark (……。” stays one sentence).
 */
export function splitSentences(text: string, base = 0): Span[] {
  const out: Span[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (END.includes(ch)) {
      let j = i + 1;
      while (j < text.length && (END.includes(text[j]!) || CLOSERS.includes(text[j]!))) j++;
      push(start, j);
      start = j;
      i = j;
      continue;
    }
    i++;
  }
  push(start, text.length);
  return out;

  function push(a: number, b: number) {
    const raw = text.slice(a, b);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (!t) return;
    out.push({ start: base + a + lead, end: base + a + lead + t.length, text: t });
  }
}

export interface Structure {
  paragraphs: Paragraph[];
  sentences: Sentence[];
}

export function splitStructure(text: string): Structure {
  const paragraphs: Paragraph[] = [];
  const sentences: Sentence[] = [];
  for (const p of splitParagraphs(text)) {
    const para: Paragraph = { ...p, index: paragraphs.length, hanCount: countHan(p.text), sentences: [] };
    // Track quotation depth across the paragraph to mark sentences of dialogue.
    let depth = 0;
    let cursor = p.start;
    for (const s of splitSentences(p.text, p.start)) {
      for (const ch of text.slice(cursor, s.start)) depth += ch === '“' ? 1 : ch === '”' ? -1 : 0;
      const startsQuoted = depth > 0 || s.text.startsWith('“');
      for (const ch of s.text) depth += ch === '“' ? 1 : ch === '”' ? -1 : 0;
      depth = Math.max(0, depth);
      cursor = s.end;
      const m = /[。！？!?…]+[”’」』）)》]*$/.exec(s.text);
      const mark = m ? (m[0].match(/[。！？!?…]/g) ?? []).pop() ?? '' : '';
      para.sentences.push(sentences.length);
      sentences.push({
        ...s,
        index: sentences.length,
        paragraph: para.index,
        hanCount: countHan(s.text),
        end_mark: mark === '!' ? '！' : mark === '?' ? '？' : mark,
        quoted: startsQuoted && /[”」』]$/.test(s.text.replace(/[。！？!?…]+$/, '')) || /^“[^”]*[。！？…]*”$/.test(s.text),
      });
    }
    paragraphs.push(para);
  }
  return { paragraphs, sentences };
}
