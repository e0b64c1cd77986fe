// The etiquette question bank's xlsx import: the template's columns, the mapping of each line to a
// question, and the template file itself (teachers start from it).
import { loadExcel } from '../excel-lazy';
import { LCW_IMPORT_MAX_BYTES, LCW_IMPORT_MAX_ROWS, LCW_MAX_OPTIONS, questionBody, type LcwKind, type QuestionBody } from '../../../core/api/contracts/lcw';
import { isMessageKey, translate, type Lang, type MessageKey } from '../../../core/i18n';
import type { XlsxLimits } from './safe-xlsx';

const OPTION_LETTERS = 'ABCDEF'.slice(0, LCW_MAX_OPTIONS);
export const IMPORT_COLUMNS = { kind: 0, stem: 1, options: 2, answer: 2 + LCW_MAX_OPTIONS, points: 3 + LCW_MAX_OPTIONS, explanation: 4 + LCW_MAX_OPTIONS };
const COLUMN_COUNT = 5 + LCW_MAX_OPTIONS;

export const IMPORT_LIMITS: XlsxLimits = {
  maxBytes: LCW_IMPORT_MAX_BYTES,
  maxUncompressed: 8 * 1024 * 1024,
  maxEntries: 64,
  maxRows: LCW_IMPORT_MAX_ROWS + 1,
  // a few spare columns for a note the teacher typed beside the table
  maxCols: COLUMN_COUNT + 4,
  maxCells: (LCW_IMPORT_MAX_ROWS + 1) * (COLUMN_COUNT + 4),
};

const KINDS: Record<string, LcwKind> = {
  单选: 'single', 单选题: 'single', single: 'single',
  多选: 'multiple', 多选题: 'multiple', multiple: 'multiple',
  判断: 'judge', 判断题: 'judge', 'true/false': 'judge', judge: 'judge', truefalse: 'judge',
  简答: 'short', 简答题: 'short', short: 'short', 'short answer': 'short',
};
const TRUE = /^(对|正确|是|√|t|true|y|yes)$/i;
const FALSE = /^(错|错误|否|×|x|f|false|n|no)$/i;

export type ImportLine = { line: number; ok: true; question: QuestionBody } | { line: number; ok: false; message: string };

/** Maps a template line to a question body, or the reason it is refused (in the caller's language). */
export function importLine(line: number, cells: string[], lang: Lang): ImportLine {
  const refuse = (key: MessageKey, params?: Record<string, string | number>) => ({ line, ok: false as const, message: translate(lang, key, params) });
  const kind = KINDS[(cells[IMPORT_COLUMNS.kind] ?? '').toLowerCase()];
  if (!kind) return refuse('lcw.import.kind');
  const options = cells.slice(IMPORT_COLUMNS.options, IMPORT_COLUMNS.options + LCW_MAX_OPTIONS);
  while (options.length && !options[options.length - 1]) options.pop();
  const answerText = (cells[IMPORT_COLUMNS.answer] ?? '').replace(/[\s,，、]/g, '').toUpperCase();
  let answer: number[] = [];
  if (kind === 'judge') {
    if (TRUE.test(answerText)) answer = [1];
    else if (FALSE.test(answerText)) answer = [0];
    else return refuse('lcw.import.judgeAnswer');
  } else if (kind !== 'short') {
    if (!answerText || [...answerText].some((ch) => !OPTION_LETTERS.includes(ch))) return refuse('lcw.import.choiceAnswer');
    answer = [...new Set([...answerText].map((ch) => OPTION_LETTERS.indexOf(ch)))];
  }
  const pointsText = cells[IMPORT_COLUMNS.points] ?? '';
  const points = pointsText === '' ? undefined : Number(pointsText);
  const parsed = questionBody.safeParse({
    kind,
    stem: cells[IMPORT_COLUMNS.stem] ?? '',
    options: kind === 'single' || kind === 'multiple' ? options : options.filter(Boolean),
    answer,
    explanation: cells[IMPORT_COLUMNS.explanation] ?? '',
    ...(points === undefined ? {} : { points }),
  });
  if (parsed.success) return { line, ok: true, question: parsed.data };
  const msg = parsed.error.issues[0]?.message ?? '';
  return isMessageKey(msg) ? refuse(msg) : refuse('lcw.import.invalid', { detail: msg });
}

const HEADER = { zh: ['题型', '题目', ...[...OPTION_LETTERS].map((l) => `选项${l}`), '答案', '分值', '解析'], en: ['Type', 'Question', ...[...OPTION_LETTERS].map((l) => `Option ${l}`), 'Answer', 'Points', 'Explanation'] };

/** Whether a line is the template's header (skipped). */
export const isHeaderLine = (cells: string[]) => HEADER.zh[0] === cells[0] || HEADER.en[0]!.toLowerCase() === (cells[0] ?? '').toLowerCase();

/** The import template with one example line of each kind. */
export async function importTemplate(lang: Lang): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Questions' : '题库');
  ws.addRow(HEADER[lang]).font = { bold: true };
  const pad = (opts: string[]) => [...opts, ...Array(LCW_MAX_OPTIONS - opts.length).fill('')];
  const examples =
    lang === 'en'
      ? [
          ['Single', 'When an elder hands you something, you take it', ...pad(['with one hand', 'with both hands', 'without looking']), 'B', 5, 'Both hands show respect.'],
          ['Multiple', 'Polite words when asking for help include', ...pad(['Please', 'Thank you', 'Hurry up']), 'AB', 5, ''],
          ['True/false', 'It is fine to talk loudly in the library.', ...pad([]), 'F', 2, ''],
          ['Short', 'Describe how to greet a teacher in the morning.', ...pad([]), '', 10, 'Stop, smile, greet by name.'],
        ]
      : [
          ['单选', '长辈递给你东西时，你应该', ...pad(['单手接过', '双手接过', '看都不看']), 'B', 5, '双手接物表示尊重。'],
          ['多选', '请别人帮忙时应使用的礼貌用语有', ...pad(['请', '谢谢', '快点']), 'AB', 5, ''],
          ['判断', '在图书馆里可以大声说话。', ...pad([]), '错', 2, ''],
          ['简答', '早上在校园遇到老师，应该怎样问好？', ...pad([]), '', 10, '停下脚步，面带微笑，称呼并问好。'],
        ];
  for (const e of examples) ws.addRow(e);
  ws.columns.forEach((c, i) => (c.width = i === 1 ? 40 : 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const IMPORT_REFUSAL_KEYS: Record<string, MessageKey> = {
  unreadable: 'lcw.import.unreadable',
  tooLarge: 'lcw.importTooLarge',
  outOfRange: 'lcw.import.outOfRange',
  tooManyCells: 'lcw.import.outOfRange',
};
export { LCW_IMPORT_MAX_ROWS };
