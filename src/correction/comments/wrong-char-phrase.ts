// A wrong character in words a pupil reads, never as a raw arrow ("的→得"): “的”应为“得”（紧张得说不出）,
// the same words as the sentence note (growth-entry.ts reads the word back from its brackets).
import type { SpellFix } from '../spelling/spellcheck.js';

export function wrongCharPhrase(w: Pick<SpellFix, 'wrong' | 'fix' | 'word'>, lang: 'zh' | 'en'): string {
  const word = w.word ?? '';
  if (lang === 'zh') return `“${w.wrong}”应为“${w.fix}”${word ? `（${word}）` : ''}`;
  return `“${w.wrong}” should be “${w.fix}”${word ? ` (${word})` : ''}`;
}
