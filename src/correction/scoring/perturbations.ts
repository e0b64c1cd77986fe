// Damaged copies of an essay that any teacher ranks below the whole: cut short, paragraphs out of
// order, wrong characters put in, padded by repeating itself. They give the scorer training signal that
// no single teacher's marks carry (bench/correction/train-monotone-scorer.ts) and are the stress test of
// the shipped model (monotone-model.test.ts). Seeded, so a run is repeatable.
import { getConfusion } from '../spelling/confusion.js';

export type Perturbation = 'truncated' | 'shuffled' | 'errors' | 'repeated';
export const PERTURBATIONS: readonly Perturbation[] = ['truncated', 'shuffled', 'errors', 'repeated'];

/** Small deterministic generator (mulberry32): the same seed gives the same damaged copy. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HAN = /\p{Script=Han}/u;
const SENTENCE_END = /(?<=[。！？…][”’」]?)/u;

/** Keeps the first 45-70% of the body's characters: half the time it stops there, mid-sentence as an
 * unfinished essay does, half the time at the end of the paragraph before (a pupil who ran out of time
 * between paragraphs), so that length itself, not only the missing full stop, tells the copy apart. */
export function truncate(paragraphs: string[], rand: () => number): string[] {
  const total = paragraphs.reduce((s, p) => s + p.length, 0);
  let keep = Math.round(total * (0.45 + 0.25 * rand()));
  if (rand() < 0.5 && paragraphs.length > 1) {
    const out: string[] = [];
    for (const p of paragraphs.slice(0, -1)) {
      if (out.length && keep < p.length) break;
      out.push(p);
      keep -= p.length;
    }
    return out;
  }
  const out: string[] = [];
  for (const p of paragraphs) {
    if (keep <= 0) break;
    let cut = p.slice(0, keep);
    // never stop on a full stop: the copy must read as cut off, not as a shorter whole
    while (cut.length > 1 && /[。！？…”’」]$/u.test(cut)) cut = cut.slice(0, -1);
    out.push(cut);
    keep -= p.length;
  }
  return out;
}

/** Paragraphs in another order: the opening moves to the end and the rest shift up (a single paragraph:
 * its sentences the same way), so neither the opening nor the closing stays in place. */
export function shuffleParagraphs(paragraphs: string[], rand: () => number): string[] {
  if (paragraphs.length >= 2) {
    const rest = paragraphs.slice(1);
    // the order of the middle is random too, but never the original one
    for (let i = rest.length - 2; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    return [...rest, paragraphs[0]!];
  }
  const sentences = (paragraphs[0] ?? '').split(SENTENCE_END).filter(Boolean);
  if (sentences.length < 2) return paragraphs;
  return [[...sentences.slice(1), sentences[0]!].join('')];
}

/** Replaces about one Han character in `every` with a same-sound or look-alike character (the errors
 * pupils make), at least three. */
export function injectErrors(paragraphs: string[], rand: () => number, every = 40): string[] {
  const confusion = getConfusion();
  const spots: Array<[number, number]> = [];
  paragraphs.forEach((p, i) => [...p].forEach((c, j) => (HAN.test(c) && confusion.get(c)?.length ? spots.push([i, j]) : undefined)));
  const want = Math.min(spots.length, Math.max(3, Math.round(spots.length / every)));
  const chars = paragraphs.map((p) => [...p]);
  for (let k = 0; k < want; k++) {
    const at = Math.floor(rand() * spots.length);
    const [i, j] = spots.splice(at, 1)[0]!;
    const options = confusion.get(chars[i]![j]!)!;
    chars[i]![j] = options[Math.floor(rand() * Math.min(options.length, 5))]!.char;
  }
  return chars.map((c) => c.join(''));
}

/** Pads the essay by repeating a third of its own sentences once more, inside the paragraphs they came from. */
export function padRepetition(paragraphs: string[], rand: () => number): string[] {
  return paragraphs.map((p) => {
    const sentences = p.split(SENTENCE_END).filter(Boolean);
    return sentences.flatMap((s) => (rand() < 0.34 || sentences.length === 1 ? [s, s] : [s])).join('');
  });
}

export function perturb(kind: Perturbation, paragraphs: string[], seed: number): string[] {
  const rand = seededRandom(seed);
  switch (kind) {
    case 'truncated':
      return truncate(paragraphs, rand);
    case 'shuffled':
      return shuffleParagraphs(paragraphs, rand);
    case 'errors':
      return injectErrors(paragraphs, rand);
    case 'repeated':
      return padRepetition(paragraphs, rand);
  }
}
