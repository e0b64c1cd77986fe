import { Tag } from 'antd';
import type { EssayLabel } from '../../core/api/contracts/essays';
import { useT } from '../i18n/i18n-context';

const COLORS: Record<EssayLabel, string> = {
  notSubmitted: 'default',
  submitted: 'blue',
  abnormal: 'red',
  pendingReview: 'gold',
  reviewed: 'green',
  awaitingRevision: 'magenta',
  revisedDraft: 'purple',
  unmatchedImage: 'orange',
};

/** The status label of product-rules.md#entities (not submitted, abnormal, pending review, ...). */
export function EssayLabelTag({ label }: { label: EssayLabel }) {
  const t = useT();
  return <Tag color={COLORS[label]}>{t(`label.${label}`)}</Tag>;
}
