/**
 * The genre a task's genre label names. Labels are free text from the dictionary or a partner
 * ("记叙文", "写人记事", "Argumentative essay"), so words are matched, not whole values. One rule for the
 * engine (which genre to judge by) and the comment library (which comments to offer).
 */
export type LabelledGenre = 'narrative' | 'argumentative' | 'expository' | 'practical' | 'poem';

const LABEL_PATTERNS: readonly (readonly [LabelledGenre, RegExp])[] = [
  ['narrative', /记叙|叙事|写人|记事|写景|状物|narrat/i],
  ['argumentative', /议论|论述|argument/i],
  // 说明 alone is a common verb ("说明理由"): only 说明文 / 说明事物 name the genre
  ['expository', /说明文|说明事物|expos/i],
  ['practical', /应用|书信|日记|通知|practical|letter/i],
  ['poem', /诗歌|现代诗|poem|poetry/i],
];

/** The genre a label names, or undefined when it names none of them. */
export function genreOfLabel(label: string | undefined): LabelledGenre | undefined {
  if (!label) return undefined;
  return LABEL_PATTERNS.find(([, pattern]) => pattern.test(label))?.[0];
}
