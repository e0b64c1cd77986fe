// The recogniser on one line image and the greedy CTC decoding of its frames: each character with its
// frame centre, its probability, the runner-ups of its frames as alternatives (shown to the teacher) and
// as candidates (weighed by the language model: lm-decode.ts).
import { Tensor } from 'onnxruntime-node';
import type { Gray } from '../image/raster.js';
import type { Models } from './paddle-models.js';

export interface RecChar {
  text: string;
  /** x centre in the line image's input pixels (after scaling to REC_H) */
  x: number;
  confidence: number;
  /** other characters the recogniser gave weight to at this position, best first (top-k of the CTC frames) */
  alternatives?: Array<{ text: string; confidence: number }>;
  /** every reading weighed at this position, best first, down to CAND_P (for the language model: lm-decode.ts) */
  candidates?: Array<{ text: string; p: number }>;
}

/** alternatives below this probability are noise */
const ALT_MIN = 0.02;
const ALT_K = 3;
/** runner-up classes tracked per frame, and the weakest kept as a candidate for the language model */
const CAND_K = 5;
const CAND_P = 0.005;

/**
 * Line images recently read, by model: a page asks for the same image more than once (the rows sampled for
 * the upside-down check are read again as rows, a strip's recogniser-alone floor repeats its row), and the
 * recogniser gives the same answer for the same pixels. Compared byte for byte, so a hit is that image.
 */
const recent = new WeakMap<Models, Map<number, Array<{ img: Gray; chars: RecChar[] }>>>();
const RECENT_MAX = 48;

function contentHash(img: Gray): number {
  let h = (0x811c9dc5 ^ img.width) >>> 0;
  const d = img.data;
  for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i]!, 0x01000193);
  return h >>> 0;
}

const sameImage = (a: Gray, b: Gray): boolean => a.width === b.width && a.height === b.height && Buffer.compare(a.data, b.data) === 0;

const copyChars = (cs: RecChar[]): RecChar[] =>
  cs.map((c) => ({ ...c, ...(c.alternatives ? { alternatives: c.alternatives.map((a) => ({ ...a })) } : {}), ...(c.candidates ? { candidates: c.candidates.map((k) => ({ ...k })) } : {}) }));

/** Recognise one grey line image that is already REC_H pixels high. */
export async function recognizeLineImage(m: Models, img: Gray): Promise<RecChar[]> {
  let byHash = recent.get(m);
  if (!byHash) recent.set(m, (byHash = new Map()));
  const h = contentHash(img);
  const hit = byHash.get(h)?.find((e) => sameImage(e.img, img));
  if (hit) return copyChars(hit.chars);
  const chars = await runRecogniser(m, img);
  // (the oldest out first: a Map keeps insertion order)
  const entries = [...(byHash.get(h) ?? []), { img: { ...img, data: img.data.slice() }, chars: copyChars(chars) }];
  byHash.delete(h);
  byHash.set(h, entries);
  while (byHash.size > RECENT_MAX) byHash.delete(byHash.keys().next().value!);
  return chars;
}

async function runRecogniser(m: Models, img: Gray): Promise<RecChar[]> {
  const { width, height, data } = img;
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    const v = data[i]! / 255;
    input[i] = v;
    input[i + plane] = v;
    input[i + 2 * plane] = v;
  }
  const res = await m.recognition.run({ [m.recognition.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) });
  const out = res[m.recognition.outputNames[0]!]!;
  const [, T = 0, C = 0] = out.dims;
  const probs = out.data as Float32Array;
  const chars: RecChar[] = [];
  const step = width / Math.max(1, T);
  let prev = 0;
  let run: { idx: number; t0: number; t1: number; p: number; alts: Map<number, number> } | undefined;
  const flush = (): void => {
    if (!run) return;
    const text = m.dictionary[run.idx - 1] ?? '';
    if (text && text !== ' ') {
      const alternatives = [...run.alts]
        .filter(([c, p]) => c !== run!.idx && p >= ALT_MIN)
        .sort((a, b) => b[1] - a[1])
        .slice(0, ALT_K)
        .map(([c, p]) => ({ text: m.dictionary[c - 1] ?? '', confidence: Math.round(p * 1000) / 1000 }))
        .filter((a) => a.text && a.text !== ' ' && a.text !== text);
      const candidates = [
        { text, p: run.p },
        ...[...run.alts]
          .filter(([c]) => c !== run!.idx)
          .sort((a, b) => b[1] - a[1])
          .slice(0, CAND_K)
          .map(([c, p]) => ({ text: m.dictionary[c - 1] ?? '', p }))
          .filter((a) => a.text && a.text !== ' ' && a.text !== text),
      ];
      chars.push({ text, x: ((run.t0 + run.t1 + 1) / 2) * step, confidence: run.p, ...(alternatives.length ? { alternatives } : {}), ...(candidates.length > 1 ? { candidates } : {}) });
    }
    run = undefined;
  };
  // the runner-up classes of a frame (best first after the winner), tracked in the same pass as the best
  const top = new Int32Array(CAND_K + 1);
  const topP = new Float32Array(CAND_K + 1);
  for (let t = 0; t < T; t++) {
    top.fill(0);
    topP.fill(-1);
    const base = t * C;
    // (the weakest tracked probability kept in a local: the loop runs over every class of every frame)
    let floor = -1;
    for (let c = 0; c < C; c++) {
      const p = probs[base + c]!;
      if (p <= floor) continue;
      let k = CAND_K;
      while (k > 0 && p > topP[k - 1]!) {
        topP[k] = topP[k - 1]!;
        top[k] = top[k - 1]!;
        k--;
      }
      topP[k] = p;
      top[k] = c;
      floor = topP[CAND_K]!;
    }
    const best = top[0]!;
    const bp = topP[0]!;
    if (best !== prev || best === 0) flush();
    if (best !== 0) {
      if (run && run.idx === best) {
        run.t1 = t;
        run.p = Math.max(run.p, bp);
      } else run = { idx: best, t0: t, t1: t, p: bp, alts: new Map() };
      for (let k = 1; k <= CAND_K; k++) {
        const c = top[k]!;
        if (c !== 0 && topP[k]! >= CAND_P) run.alts.set(c, Math.max(run.alts.get(c) ?? 0, topP[k]!));
      }
    }
    prev = best;
  }
  flush();
  return chars;
}

export const meanConf = (cs: RecChar[]): number => (cs.length ? cs.reduce((a, c) => a + c.confidence, 0) / cs.length : 0);
