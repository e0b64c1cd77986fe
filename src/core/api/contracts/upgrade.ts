import { z } from 'zod';
import { rowId } from './paging';

/**
 * 升格 (upgrade) suggestions (product-rules.md#teacher-review): rewrites of a sentence or paragraph the
 * teacher selected in the correction panel, or the pupil on the parents' page of a released essay. The
 * selection must be part of the essay's transcript.
 */
export const MAX_UPGRADE_SELECTION = 600;
export const UPGRADE_KINDS = ['simile', 'verb', 'detail'] as const;

const selection = z.string().trim().min(2, { error: 'upgrade.selectionEmpty' }).max(MAX_UPGRADE_SELECTION, { error: 'upgrade.selectionTooLong' });

export const upgradeBody = z.object({ essayId: rowId(), text: selection });
export const parentUpgradeBody = z.object({ t: z.string().min(1).max(200), taskId: rowId().optional(), text: selection });

export const upgradeSuggestion = z.object({
  text: z.string(),
  /** what changed, in the reader's language */
  note: z.string(),
  /** the local moves applied (empty for the model's rewrites) */
  kinds: z.array(z.enum(UPGRADE_KINDS)),
  source: z.enum(['local', 'model']),
});
export const upgradeResult = z.object({
  text: z.string(),
  suggestions: z.array(upgradeSuggestion).max(3),
  /** model = the model service answered; modelFailed = it is configured but did not answer (local suggestions only) */
  service: z.enum(['local', 'model', 'modelFailed']),
});
export type UpgradeResult = z.infer<typeof upgradeResult>;
