/** Chinese text of the comment library, class statistics, classroom evaluation and the score export (issue 6). */
export const zhLibrary = {
  'library.tooLong': '评语不能超过300字',
} as const;
