import { useMemo } from 'react';
import { Tag } from 'antd';
import { createElement } from 'react';
import { lcwApi } from '../../../core/api/endpoints/lcw';
import type { LcwKind, TestListItem } from '../../../core/api/contracts/lcw';
import type { MessageKey } from '../../../core/i18n';
import { useApp } from '../../app-context';

/** The etiquette test API on the app's client. */
export function useLcwApi() {
  const { client } = useApp();
  return useMemo(() => lcwApi(client), [client]);
}

export const kindKey = (k: LcwKind) => `lcw.kind.${k}` as MessageKey;
const LETTERS = 'ABCDEF';
export const letter = (i: number) => LETTERS[i] ?? String(i + 1);

/** A right answer as a teacher reads it: letters for choices, 对/错 for true/false. */
export function answerText(kind: LcwKind, answer: readonly number[], t: (k: MessageKey) => string): string {
  if (kind === 'judge') return answer[0] === 1 ? t('lcw.true') : answer[0] === 0 ? t('lcw.false') : '';
  if (kind === 'short') return '';
  return answer.map(letter).join('');
}

/** Draft / not started / open / closed as a coloured tag. */
export function TestStatusTag({ test, t }: { test: Pick<TestListItem, 'status' | 'open' | 'startsAt' | 'deadline'>; t: (k: MessageKey) => string }) {
  if (test.status === 'draft') return createElement(Tag, null, t('lcw.draft'));
  if (test.open) return createElement(Tag, { color: 'green' }, t('lcw.open'));
  if (new Date(test.deadline) <= new Date()) return createElement(Tag, { color: 'default' }, t('lcw.closed'));
  return createElement(Tag, { color: 'blue' }, t('lcw.notStarted'));
}

/** Downloads a blob under a file name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
