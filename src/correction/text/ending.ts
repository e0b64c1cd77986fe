// Whether an essay stops mid-sentence: one definition for the INCOMPLETE_ESSAY flag and for the
// comments, so no comment praises the ending (结尾扣题) of an essay the flag calls unfinished.
import type { TextAnalysis } from './analyze.js';

const CLOSING_MARK = /[。！？!?…”’」』）)—]$/u;

/** The last paragraph ends without a closing mark: the pupil stopped writing mid-sentence. */
export function endingCutOff(a: Pick<TextAnalysis, 'paragraphs' | 'genre'>): boolean {
  const last = a.paragraphs[a.paragraphs.length - 1];
  return a.genre.genre !== 'poem' && last !== undefined && last.hanCount > 0 && !CLOSING_MARK.test(last.text);
}

/** Far below the grade's minimum: under half of it. */
export function farTooShort(a: Pick<TextAnalysis, 'hanCount' | 'length'>): boolean {
  return a.hanCount < a.length.min * 0.5;
}

/** Unfinished in the sense of the INCOMPLETE_ESSAY flag: cut off, or far too short to be whole. */
export function essayUnfinished(a: Pick<TextAnalysis, 'paragraphs' | 'genre' | 'hanCount' | 'length'>): boolean {
  return endingCutOff(a) || farTooShort(a);
}
