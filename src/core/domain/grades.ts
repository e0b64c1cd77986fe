import type { Lang } from '../i18n/language';

/** Grades 1–9 are primary and junior high; 10–12 are senior high 1–3 (高一–高三). */
const GRADE_ZH = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'];

/** A grade's name in the user's language; an unknown grade shows as its number. */
export function gradeLabel(grade: number, lang: Lang): string {
  if (!Number.isInteger(grade) || grade < 1 || grade > GRADE_ZH.length) return String(grade);
  if (lang === 'en') return grade <= 9 ? `Grade ${grade}` : `Senior ${grade - 9}`;
  return GRADE_ZH[grade - 1]!;
}
