import type { MessageKey } from '../../core/i18n';

/**
 * How each kind of AI note is drawn: colour, label, and whether the mark boxes the characters
 * (wrong character, punctuation) or underlines the sentence (good sentence, long-winded). The colour
 * is also the text colour of the kind's tag and filter label, so each passes WCAG AA (4.5:1) on white
 * and on the tag's own light tint (antd tints a custom tag colour to 95 % lightness): palette shade 7
 * or 8 (green-8, orange-8, cyan-8), never the lighter 6/7 that read 3.3:1.
 */
export interface NoteStyle {
  color: string;
  label: MessageKey;
  mark: 'box' | 'underline';
  dashed?: boolean;
}

export const NOTE_KINDS = ['goodSentence', 'wrongChar', 'punctuation', 'longSentence'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

const STYLES: Record<NoteKind, NoteStyle> = {
  goodSentence: { color: '#237804', label: 'panel.kind.goodSentence', mark: 'underline' },
  wrongChar: { color: '#cf1322', label: 'panel.kind.wrongChar', mark: 'box' },
  punctuation: { color: '#ad4e00', label: 'panel.kind.punctuation', mark: 'box' },
  longSentence: { color: '#1d39c4', label: 'panel.kind.longSentence', mark: 'underline', dashed: true },
};
const OTHER: NoteStyle = { color: '#595959', label: 'panel.kind.other', mark: 'box' };

/** The image viewer's kind for a teacher annotation (drawn with the AI's notes, in the annotation's colour). */
export const teacherMarkKind = (kind: 'comment' | 'good' | 'fix') => `teacher-${kind}`;

/** Style of a note kind; kinds the panel does not know (a newer engine) get a neutral box. */
export function noteStyle(kind: string): NoteStyle {
  const teacher = /^teacher-(comment|good|fix)$/.exec(kind)?.[1] as keyof typeof ANNOTATION_STYLES | undefined;
  if (teacher) {
    const a = ANNOTATION_STYLES[teacher];
    return { color: a.color, label: a.label, mark: teacher === 'fix' ? 'box' : 'underline' };
  }
  return (STYLES as Record<string, NoteStyle>)[kind] ?? OTHER;
}

/** Teacher annotation kinds (contracts/review ANNOTATION_KINDS). */
export const ANNOTATION_STYLES: Record<'comment' | 'good' | 'fix', { color: string; label: MessageKey }> = {
  comment: { color: '#006d75', label: 'panel.annotation.comment' },
  good: { color: '#237804', label: 'panel.annotation.good' },
  fix: { color: '#c41d7f', label: 'panel.annotation.fix' },
};
