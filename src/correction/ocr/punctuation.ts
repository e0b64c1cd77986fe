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
