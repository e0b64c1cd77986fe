import { useMemo } from 'react';
import { classesApi } from '../../../core/api/endpoints/classes';
import { practiceApi } from '../../../core/api/endpoints/practice';
import { promptBankApi } from '../../../core/api/endpoints/prompt-bank';
import { useAsync } from '../../../views/hooks/use-async';
import { useApp } from '../../app-context';

export function usePracticeApis() {
  const { client } = useApp();
  return useMemo(() => ({ practice: practiceApi(client), classes: classesApi(client), bank: promptBankApi(client) }), [client]);
}

/** The classes the teacher may set practice for (their own; class staff see the school's). */
export function useMyClasses() {
  const { classes } = usePracticeApis();
  return useAsync(() => classes.list({ pageSize: 100 }).then((p) => p.list), [classes]);
}

/** The students' H5 link of a class (the class page's 练习 entry). */
export const practiceLink = (classCode: string) => `${window.location.origin}/teaching/h5/practice?code=${encodeURIComponent(classCode)}`;
