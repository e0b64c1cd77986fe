// What every 升格 rewrite shown to a teacher or pupil must pass, whichever engine wrote it.

/** Markup, list separators, placeholders and programming words never reach a reader. */
const INTERNAL = /[|\t{}<>$\\#*_`[\]=]|undefined|null|NaN|TODO|\bslot\b|\boption\b/iu;

/** No internal words or symbols, and no Latin letters in a Chinese selection. */
export function cleanRewrite(text: string, selection: string): boolean {
  if (INTERNAL.test(text)) return false;
  if (!/[A-Za-z]/.test(selection) && /\p{Script=Han}/u.test(selection) && /[A-Za-z]/.test(text)) return false;
  return true;
}

const han = (s: string) => new Set([...s].filter((c) => /\p{Script=Han}/u.test(c)));

/** Still about the same thing: most of the selection's distinct characters are there, and it has not grown into a new passage. */
export function keepsMeaning(text: string, selection: string): boolean {
  const a = han(selection);
  if (!a.size) return false;
  const b = han(text);
  let kept = 0;
  for (const c of a) if (b.has(c)) kept++;
  return kept / a.size >= 0.5 && text.length <= selection.length * 2.5 + 40;
}
