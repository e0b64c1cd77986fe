// 升格 (upgrade) suggestions from the local engine: a sentence or paragraph the teacher (or the pupil)
// picked, rewritten so it keeps its meaning and reads better. Three moves, each from a curated list
// (resources.ts): a worn-out simile gets a fresher image for the same thing (only when the thing compared
// is in the sentence, so 夕阳 stays 夕阳), a generic verb or 很 + adjective becomes a precise word (on
// jieba word boundaries, so 看 never changes inside 看见), and a plain sentence gets one sensory detail.
// Every rewrite applies all the places found, with the n-th wording of each, so each of the (at most
// three) rewrites fixes the worn simile rather than leaving it for a lesser change.
import { splitSentences, type Span } from '../text/split.js';
import { tokenize } from '../text/vocabulary.js';
import { getUpgradeResources, type Sense, type UpgradeResources } from './resources.js';

export type UpgradeKind = 'simile' | 'verb' | 'detail';
export type UpgradeLang = 'zh' | 'en';

export interface Upgrade {
  text: string;
  /** what changed, in the reader's language */
  note: string;
  kinds: UpgradeKind[];
  source: 'local' | 'model';
}

/** One place of change in the selection, with its alternative wordings in order. */
interface Slot {
  start: number;
  end: number;
  kind: UpgradeKind;
  options: string[];
  note: (i: number) => string;
}

export const MAX_UPGRADES = 3;
/** Places changed at most in one rewrite: a paragraph should still read as the pupil's. */
const MAX_SLOTS = 4;
const MARKER = '(像是|就像|好像|仿佛|犹如|如同|宛如|好似|像)';
const MEASURE = '(?:一[个只块根面朵颗把片轮团道阵条座群张床串颗]|个)?';
const CLOSERS = '。！？!?…；;”’」』）)';
const SENSE_ZH: Record<Sense, string> = { sight: '视觉', sound: '听觉', touch: '触觉', smell: '嗅觉', taste: '味觉' };
const SENSE_EN: Record<Sense, string> = { sight: 'sight', sound: 'sound', touch: 'touch', smell: 'smell', taste: 'taste' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLength = (xs: string[]) => [...xs].sort((a, b) => b.length - a.length);

function simileSlots(s: Span, res: UpgradeResources, lang: UpgradeLang): Slot[] {
  const out: Slot[] = [];
  for (const e of res.similes) {
    if (!e.tenors.some((t) => s.text.includes(t))) continue;
    const re = new RegExp(`(?<![想图影录肖偶画头佛不])${MARKER}${MEASURE}(?:\\p{Script=Han}{0,4}的)?(${byLength(e.worn).map(escape).join('|')})(一样|似的|一般)?`, 'u');
    const m = re.exec(s.text);
    if (!m) continue;
    const marker = m[1] === '像是' || m[1] === '好像' ? '像' : m[1]!;
    const worn = m[2]!;
    const options = e.fresh.filter((f) => !s.text.includes(f)).map((f) => `${marker}${f}`);
    if (!options.length) continue;
    out.push({
      start: s.start + m.index,
      end: s.start + m.index + m[0].length,
      kind: 'simile',
      options,
      note: () => (lang === 'zh' ? `换掉用旧了的比喻「${worn}」` : `a fresher image instead of the worn-out “${worn}”`),
    });
  }
  return out;
}

function verbSlots(s: Span, res: UpgradeResources, lang: UpgradeLang): Slot[] {
  const tokens = tokenize(s.text);
  const starts = new Set(tokens.map((t) => t.start));
  const ends = new Set(tokens.map((t) => t.end));
  const out: Slot[] = [];
  // longest generic first, so 看了很久 wins over 看 at the same place
  for (const e of [...res.verbs].sort((a, b) => b.generic.length - a.generic.length)) {
    if (e.context && !e.context.some((c) => s.text.includes(c))) continue;
    for (let at = s.text.indexOf(e.generic); at >= 0; at = s.text.indexOf(e.generic, at + 1)) {
      const end = at + e.generic.length;
      if (!starts.has(at) || !ends.has(end)) continue;
      const options = e.precise.filter((p) => !s.text.includes(p));
      if (!options.length) continue;
      out.push({
        start: s.start + at,
        end: s.start + end,
        kind: 'verb',
        options,
        note: (i) => {
          const to = options[Math.min(i, options.length - 1)]!;
          return lang === 'zh' ? `「${e.generic}」换成「${to}」，说得更具体` : `“${e.generic}” made precise: “${to}”`;
        },
      });
      break;
    }
  }
  return out;
}

/** Sentences longer than this already carry detail; a detail is offered to plain ones only. */
const PLAIN_MAX_CHARS = 32;

/** A detail that repeats three characters of the sentence says what it already says. */
const repeats = (detail: string, sentence: string) => [...detail].some((_, i) => i + 3 <= detail.length && sentence.includes(detail.slice(i, i + 3)));

/**
 * One detail per plain sentence whose last clause names what it is about, added at its end; never
 * inside dialogue (the pupil's quotation stays theirs) nor in a question.
 */
function detailSlots(s: Span, res: UpgradeResources, lang: UpgradeLang): Slot[] {
  if (/[“”"「」？?]/u.test(s.text) || s.text.length > PLAIN_MAX_CHARS) return [];
  let at = s.text.length;
  while (at > 0 && CLOSERS.includes(s.text[at - 1]!)) at--;
  const lastClause = s.text.slice(0, at).split(/[，,；;：:]/u).at(-1) ?? '';
  for (const e of res.details) {
    if (!e.cues.some((c) => lastClause.includes(c))) continue;
    const options = e.details.filter((d) => !repeats(d, s.text)).map((d) => `，${d}`);
    if (!options.length || at === 0) continue;
    return [{ start: s.start + at, end: s.start + at, kind: 'detail', options, note: () => (lang === 'zh' ? `加一处${SENSE_ZH[e.sense]}细节` : `a detail of ${SENSE_EN[e.sense]} added`) }];
  }
  return [];
}

const RANK: Record<UpgradeKind, number> = { simile: 0, verb: 1, detail: 2 };

/** Up to three rewrites of the selection from the local lists; none when nothing in it is worth changing. */
export function localUpgrades(selection: string, lang: UpgradeLang, res: UpgradeResources = getUpgradeResources()): Upgrade[] {
  const found: Slot[] = [];
  for (const s of splitSentences(selection)) found.push(...simileSlots(s, res, lang), ...verbSlots(s, res, lang), ...detailSlots(s, res, lang));
  // Non-overlapping places, worn similes first, then verbs, then details.
  const slots: Slot[] = [];
  for (const slot of found.sort((a, b) => RANK[a.kind] - RANK[b.kind] || a.start - b.start)) {
    if (slots.length >= MAX_SLOTS) break;
    if (slots.some((o) => slot.start < o.end && o.start < slot.end)) continue;
    // a detail beside a fresh image of the same sentence would crowd it
    if (slot.kind === 'detail' && slots.some((o) => o.kind === 'simile' && o.end >= slot.start - 40 && o.start <= slot.start && !/[。！？]/u.test(selection.slice(o.end, slot.start)))) continue;
    slots.push(slot);
  }
  if (!slots.length) return [];
  slots.sort((a, b) => a.start - b.start);
  const variants = Math.min(MAX_UPGRADES, Math.max(...slots.map((s) => s.options.length)));
  const out: Upgrade[] = [];
  for (let i = 0; i < variants; i++) {
    let text = '';
    let pos = 0;
    for (const s of slots) {
      text += selection.slice(pos, s.start) + s.options[Math.min(i, s.options.length - 1)]!;
      pos = s.end;
    }
    text += selection.slice(pos);
    if (text === selection || out.some((u) => u.text === text)) continue;
    const kinds = [...new Set(slots.map((s) => s.kind))];
    out.push({ text, note: slots.map((s) => s.note(i)).join(lang === 'zh' ? '；' : '; '), kinds, source: 'local' });
  }
  return out;
}
