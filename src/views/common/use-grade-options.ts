import { useMemo } from 'react';
import { GRADES } from '../../core/constants';
import { useLang } from '../i18n/i18n-context';

const ZH = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'];

/** Grades 1–9 and senior high 1–3 as select options in the user's language. */
export function useGradeOptions() {
  const lang = useLang();
  return useMemo(() => GRADES.map((g) => ({ value: g, label: lang === 'en' ? (g <= 9 ? `Grade ${g}` : `Senior ${g - 9}`) : ZH[g - 1]! })), [lang]);
}

export function gradeLabel(grade: number, lang: 'zh' | 'en'): string {
  return lang === 'en' ? (grade <= 9 ? `Grade ${grade}` : `Senior ${grade - 9}`) : (ZH[grade - 1] ?? String(grade));
}
