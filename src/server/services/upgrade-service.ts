// 升格 (upgrade) suggestions for a selection of an essay (product-rules.md#teacher-review): the teacher of
// the class from the correction panel, the pupil from the parents' page of a released essay
// (parent-report-service.ts). The selection must be part of the essay's transcript (the teacher's when
// corrected), so the model service is never a free text box; its paragraph goes along as context.
import type { Lang } from '../../core/i18n';
import type { UpgradeResult } from '../../core/api/contracts/upgrade';
import { suggestUpgrades } from '../../correction/index';
import { badRequest } from '../errors';
import { correctionsRepo } from '../repositories/corrections';
import { reviewsRepo } from '../repositories/reviews';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';
import { essayForReview } from './review-access';
import { sharedRateLimit } from './security/shared-rate-limit';

/** Suggestions per teacher a minute: each may cost a model call. */
const TEACHER_RATE = { max: 30, windowMs: 60_000 };

const squash = (s: string) => s.replace(/\s+/gu, '');

/** The paragraph of the transcript holding the selection (the selection itself when it spans several). */
function contextOf(transcript: string, selection: string): string {
  const bare = squash(selection);
  return transcript.split(/\n+/u).find((p) => squash(p).includes(bare)) ?? selection;
}

/** Suggestions for a selection of a transcript; 400 when the selection is not in it. */
export async function upgradeSelection(deps: Pick<ServiceDeps, 'modelService'>, transcript: string | null, text: string, lang: Lang): Promise<UpgradeResult> {
  const selection = text.trim();
  if (!transcript || !squash(transcript).includes(squash(selection))) throw badRequest('UPGRADE_NOT_IN_ESSAY', 'upgrade.notInEssay');
  const client = deps.modelService?.client;
  const answer = await suggestUpgrades(selection, { lang, context: contextOf(transcript, selection), ...(client ? { client } : {}) });
  return { text: selection, ...answer };
}

export function upgradeService(deps: ServiceDeps) {
  return {
    /** The teacher of the class (task.edit, class in scope; 404 otherwise). */
    async forTeacher(auth: AuthContext, essayId: number, text: string, lang: Lang): Promise<UpgradeResult> {
      await essayForReview(deps.db, auth, essayId, 'write');
      await sharedRateLimit.hit(deps.db, `upgrade:identity:${auth.identity.id}`, TEACHER_RATE, deps.now());
      const review = await reviewsRepo.get(deps.db, essayId);
      const correction = await correctionsRepo.get(deps.db, essayId);
      return upgradeSelection(deps, review?.transcript ?? correction?.transcript ?? null, text, lang);
    },
  };
}
