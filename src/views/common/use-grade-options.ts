import { useMemo } from 'react';
import { GRADES } from '../../core/constants';
import { gradeLabel } from '../../core/domain/grades';
import { useLang } from '../i18n/i18n-context';

export { gradeLabel };

/** Grades 1–9 and senior high 1–3 as select options in the user's language. */
export function useGradeOptions() {
  const lang = useLang();
  return useMemo(() => GRADES.map((g) => ({ value: g, label: gradeLabel(g, lang) })), [lang]);
}
