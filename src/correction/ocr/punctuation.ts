// Chinese punctuation after recognition. Handwriting has no half-width marks, and the recogniser
// confuses a few Chinese marks with look-alikes: ， read as ’, 、 as 丶, ” or “ as ", the doubled ……
// and —— read as one mark (or —— as —一). Each fix keeps the one-to-one link between characters and boxes.
import type { OcrChar } from '../ocr.js';

const HAN = /\p{Script=Han}/u;
const CJK_PUNCT = /[，。！？：；、“”‘’（）《》…—]/u;
const HALF: Record<string, string> = { ',': '，', '!': '！', '?': '？', ':': '：', ';': '；', '(': '（', ')': '）' };

export function normalizeChinesePunctuation(chars: OcrChar[]): OcrChar[] {
  const out = chars.map((c) => ({ ...c }));
  const chinese = (c: OcrChar | undefined): boolean => !!c && (HAN.test(c.text) || CJK_PUNCT.test(c.text));
  let openSingle = 0;
  let openDouble = 0;
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    const prev = out[i - 1];
    const next = out[i + 1];
    if (c.text === '“') openDouble++;
    else if (c.text === '”') openDouble = Math.max(0, openDouble - 1);
    else if (c.text === '"' && (chinese(prev) || chinese(next))) {
      // closing when a quote is open on the line; opening after ： or before the line's first character;
      // closing at the line's end or before a mark (…表决！" read for ”); between characters as read
      const opening = prev?.text === '：' || prev?.text === ':' || (!prev && !!next && HAN.test(next.text));
      if (openDouble > 0 || (!opening && (!next || !HAN.test(next.text)))) {
        c.text = '”';
        openDouble = Math.max(0, openDouble - 1);
      } else if (opening) {
        c.text = '“';
        openDouble++;
      }
    } else if (c.text === '‘') openSingle++;
    else if (c.text === '’' || c.text === "'") {
      if (openSingle > 0) {
        openSingle--;
        c.text = '’';
      } else if (chinese(prev)) c.text = '，';
    } else if (c.text === '丶') c.text = '、';
    else if (HALF[c.text] && (chinese(prev) || chinese(next))) c.text = HALF[c.text]!;
    else if (c.text === '…' && prev?.text !== '…' && prev?.text !== '……' && next?.text !== '…') c.text = '……';
    else if (c.text === '—' && prev?.text !== '—' && next?.text !== '—') {
      if (next?.text === '一') next.text = '—';
      else c.text = '——';
    }
  }
  return out;
}

/**
 * Straight quotes left after the lines were read (a quote mark known from its cell's ink, or one the line
 * alone could not place) get their direction from the paragraph: a quote closes the one left open, else
 * it opens, unless nothing written follows it in the paragraph or a mark does (then it closes). Quotes
 * open across lines of one paragraph, so this runs over the page's lines in order; a line that does not
 * continue the one above starts a paragraph with no quote open.
 */
/** a quote's direction read with at least this confidence is kept as read */
const QUOTE_SURE = 0.8;

export function resolveQuotes(lines: Array<{ text: string; continues?: boolean; chars: OcrChar[] }>): void {
  let openDouble = false;
  let openSingle = false;
  const flat: Array<{ c: OcrChar; line: number }> = [];
  lines.forEach((l, li) => l.chars.forEach((c) => flat.push({ c, line: li })));
  lines.forEach((l, li) => {
    if (!l.continues) {
      openDouble = false;
      openSingle = false;
    }
    const at = flat.findIndex((f) => f.line === li);
    l.chars.forEach((c, k) => {
      const next = flat[at + k + 1];
      // the next character in the same paragraph
      const nextC = next && (next.line === li || lines[next.line]!.continues) ? next.c : undefined;
      const closesHere = !nextC || /^[，。、；：！？…—）》]$/u.test(nextC.text);
      // the character before in the same paragraph (a ” alone on its row follows the row above)
      const prevC = k > 0 ? l.chars[k - 1] : l.continues && at > 0 ? flat[at - 1]!.c : undefined;
      // (a quote between letters or digits is not Chinese text's: left as read)
      if ((c.text === '"' || c.text === "'") && !(HAN.test(nextC?.text ?? '') || HAN.test(prevC?.text ?? '') || CJK_PUNCT.test(nextC?.text ?? '') || CJK_PUNCT.test(prevC?.text ?? ''))) return;
      // a doubtful reading of a quote's direction is decided like a straight quote (handwritten “ and ” differ
      // by a tick; the recogniser often gets the mark right and its direction wrong)
      if ((c.text === '“' || c.text === '”') && c.confidence < QUOTE_SURE) c.text = '"';
      if (c.text === '“') openDouble = true;
      else if (c.text === '”') openDouble = false;
      else if (c.text === '"') {
        c.text = openDouble || closesHere ? '”' : '“';
        openDouble = c.text === '“';
      } else if (c.text === '‘') openSingle = true;
      else if (c.text === '’') openSingle = false;
      else if (c.text === "'") {
        c.text = openSingle || closesHere ? '’' : '‘';
        openSingle = c.text === '‘';
      }
    });
    l.text = l.chars.map((c) => c.text).join('');
  });
}
