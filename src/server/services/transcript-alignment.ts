// Aligns an edited transcript with the text it was made from, so positions survive the edit: OCR
// character boxes follow their characters onto the teacher's text, teacher annotations keep their
// sentence. Character diff (fast-diff); unchanged characters keep their place exactly, a replaced
// run maps proportionally onto its replacement (的→得 keeps the box of 的), deleted characters map
// nowhere and purely inserted ones have no source.
import diff from 'fast-diff';

/** For every UTF-16 offset of `from`, its offset in `to`, or -1 when the character was deleted. */
export function offsetMap(from: string, to: string): Int32Array {
  const map = new Int32Array(from.length).fill(-1);
  const ops = diff(from, to);
  let i = 0;
  let j = 0;
  for (let k = 0; k < ops.length; k++) {
    const [op, text] = ops[k]!;
    if (op === diff.EQUAL) {
      for (let n = 0; n < text.length; n++) map[i + n] = j + n;
      i += text.length;
      j += text.length;
    } else if (op === diff.DELETE) {
      const next = ops[k + 1];
      if (next && next[0] === diff.INSERT) {
        // A replacement: the old run lands on the new one, proportionally.
        const ins = next[1].length;
        for (let n = 0; n < text.length; n++) map[i + n] = j + Math.min(ins - 1, Math.floor((n * ins) / text.length));
        j += ins;
        k++;
      }
      i += text.length;
    } else {
      j += text.length;
    }
  }
  return map;
}

/**
 * A range [start, end) of `from` in `to`: from the first to the last surviving character. A range
 * whose characters were all deleted collapses where the next surviving character now sits.
 */
export function mapRange(map: Int32Array, start: number, end: number, toLength: number): [number, number] {
  let first = -1;
  let last = -1;
  for (let p = Math.max(0, start); p < Math.min(end, map.length); p++) {
    const m = map[p]!;
    if (m < 0) continue;
    if (first < 0) first = m;
    last = m;
  }
  if (first >= 0) return [first, last + 1];
  for (let p = Math.max(0, end); p < map.length; p++) if (map[p]! >= 0) return [map[p]!, map[p]!];
  return [toLength, toLength];
}
