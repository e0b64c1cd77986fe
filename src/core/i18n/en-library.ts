import type { zhLibrary } from './zh-library';

/** English text of the comment library, class statistics, classroom evaluation and the score export. */
export const enLibrary: Record<keyof typeof zhLibrary, string> = {
  'library.tooLong': 'A comment can be at most 300 characters',
};
