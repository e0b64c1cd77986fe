import type { MessageKey } from '../../core/i18n';
import type { Translate } from '../i18n/i18n-context';

/** 比喻 / Simile …; '' (no focus) → the "none" label. */
export const focusLabel = (t: Translate, focus: string) => (focus ? t(`practice.focus.${focus}` as MessageKey) : t('practice.focusNone'));

/** Seconds as m:ss (or h:mm:ss), for the classroom countdown. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export const STATE_COLORS: Record<string, string> = { notStarted: 'default', open: 'green', ended: 'default' };
