// The AI's feedback on a practice attempt, from the correction engine's result: score, comments, the
// practice's focus (did the attempt use 比喻, write an opening that leads in, ...) with the sentences
// that show it, good sentences and the wrong characters. Pure; the focus line is worded at read time
// in the reader's language (feedbackView).
import type { CorrectionResult, TextAnalysis } from '../../correction/index';
import type { PracticeFeedback, PracticeFocus } from '../../core/api/contracts/practice';
import { translate, type Lang, type MessageKey } from '../../core/i18n';

type Result = Pick<CorrectionResult, 'status' | 'message' | 'score' | 'comments' | 'notes' | 'wordCount'> & { analysis: TextAnalysis };

const RHETORIC: Partial<Record<PracticeFocus, string>> = { simile: 'simile', personification: 'personification', parallelism: 'parallelism' };
// Words that close a piece (sum up, look back, say what was learnt) rather than just stop.
const CLOSING_CUES = /(总之|总而言之|终于|从此|我明白了|我懂得了|我知道了|我想|这就是|难忘|永远|希望|让我|使我|啊|！)/u;
const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Whether the attempt shows the practice's focus, and where. */
export function focusCheck(a: TextAnalysis, focus: string): { focus: string; met: boolean; count: number; examples: string[] } | null {
  if (!focus) return null;
  const sentence = (i: number) => a.sentences[i]?.text.trim() ?? '';
  const kind = RHETORIC[focus as PracticeFocus];
  if (kind) {
    const hits = a.rhetoric.filter((h) => h.kind === kind);
    const examples = [...new Set(hits.map((h) => sentence(h.sentence)).filter(Boolean))].slice(0, 3).map((s) => clip(s));
    return { focus, met: hits.length > 0, count: hits.length, examples };
  }
  if (focus === 'description') {
    const hits = a.dialogue.description;
    const kinds = Object.values(a.dialogue.descriptionKinds).filter((n) => n > 0).length;
    const examples = [...new Set(hits.map((h) => a.sentences.find((s) => s.start <= h.start && h.start < s.end)?.text.trim() ?? ''))].filter(Boolean).slice(0, 3).map((s) => clip(s));
    return { focus, met: hits.length >= 3 && kinds >= 2, count: hits.length, examples };
  }
  const paras = a.paragraphs.filter((p) => p.hanCount > 0);
  const total = paras.reduce((n, p) => n + p.hanCount, 0) || 1;
  if (focus === 'opening') {
    const first = paras[0];
    if (!first) return { focus, met: false, count: 0, examples: [] };
    const inFirst = (i: number) => first.sentences.includes(i);
    // A good opening is short and catches the eye: a device, a question, a scene or a line of speech.
    const device = a.rhetoric.some((h) => inFirst(h.sentence)) || first.sentences.some((i) => a.sentences[i]?.end_mark === '？' || a.sentences[i]?.quoted);
    const short = paras.length > 1 && first.hanCount / total <= 0.35;
    return { focus, met: short && (device || first.hanCount <= 60), count: first.hanCount, examples: [clip(first.text.trim(), 80)] };
  }
  if (focus === 'ending') {
    const last = paras.at(-1);
    if (!last || paras.length < 2) return { focus, met: false, count: 0, examples: last ? [clip(last.text.trim(), 80)] : [] };
    const closes = CLOSING_CUES.test(last.text) || a.rhetoric.some((h) => last.sentences.includes(h.sentence));
    return { focus, met: closes && last.hanCount / total <= 0.4, count: last.hanCount, examples: [clip(last.text.trim(), 80)] };
  }
  return null;
}

/** The stored feedback of an attempt (focus text left to feedbackView). */
export function buildFeedback(r: Result, practice: { minWords: number; focus: string }, engine: string): PracticeFeedback {
  const focus = focusCheck(r.analysis, practice.focus);
  return {
    status: r.status,
    scorePercent: r.score ? Math.round(r.score.percent) : null,
    level: r.score?.band ? String(r.score.band) : null,
    wordCount: r.wordCount,
    minWords: practice.minWords,
    overall: r.comments.overall || r.message || '',
    dimensions: (r.score?.dimensions ?? []).map((d) => ({ id: d.id, name: d.name, percent: Math.round(d.percent), text: r.comments.dimensions.find((c) => c.id === d.id)?.text ?? '' })),
    focus: focus ? { focus: focus.focus, met: focus.met, text: '', examples: focus.examples } : null,
    goodSentences: r.analysis.goodSentences.slice(0, 3).map((g) => clip(r.analysis.sentences[g.sentence]?.text.trim() ?? '', 80)).filter(Boolean),
    notes: r.notes.filter((n) => n.kind !== 'goodSentence').slice(0, 12).map((n) => ({ kind: n.kind, excerpt: n.excerpt, message: n.message, fix: n.fix ?? null })),
    engine,
  };
}

/** The feedback as a reader sees it: the focus line in their language. */
export function feedbackView(stored: unknown, lang: Lang): PracticeFeedback | null {
  if (!stored || typeof stored !== 'object') return null;
  const f = stored as PracticeFeedback;
  if (!f.focus) return f;
  const name = translate(lang, `practice.focus.${f.focus.focus}` as MessageKey);
  const key: MessageKey = f.focus.met ? 'practice.focusMet' : 'practice.focusMissed';
  return { ...f, focus: { ...f.focus, text: translate(lang, key, { focus: name }) } };
}
