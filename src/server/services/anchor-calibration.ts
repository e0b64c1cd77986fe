// Anchor essays (按您的评分校准): the teacher scores 3-5 essays of a task in a class, and the AI's scores
// of the rest of the class are shown on the teacher's scale beside the AI's own, with the bands before
// and after. A preview computed on demand; the essays' stored scores are not changed.
import type { AnchorCalibration, AnchorCalibrationBody } from '../../core/api/contracts/anchors';
import type { Lang } from '../../core/i18n';
import { applyAnchorMap, fitAnchorMap, showScore } from '../../correction/index';
import { badRequest } from '../errors';
import { writingStatisticsRepo } from '../repositories/writing-statistics';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';
import { teacherTotalPercent } from './teacher-percent';
import { taskClassesInScope, taskScoringInfo } from './writing-scope';

export function anchorCalibrationService(deps: ServiceDeps) {
  const db = deps.db;
  return {
    async preview(auth: AuthContext, body: AnchorCalibrationBody, lang: Lang): Promise<AnchorCalibration> {
      requireAny(auth, ['task', 'query']);
      await taskClassesInScope(deps, auth, body.taskId, body.classId);
      const [rows, scoring] = await Promise.all([writingStatisticsRepo.currentEssays(db, body.taskId, body.classId), taskScoringInfo(db, body.taskId)]);
      const scored = rows.filter((r) => typeof r.score?.percent === 'number');
      const show = (percent: number) => ({ percent, label: showScore(percent, scoring.scoreType, lang, scoring.fullMark ?? 100).label });
      const teacher = new Map<number, number>();
      for (const a of body.anchors) {
        if (teacher.has(a.essayId)) throw badRequest('ANCHOR_DUPLICATE', 'anchors.duplicate');
        if (!scored.some((r) => r.id === a.essayId)) throw badRequest('ANCHOR_ESSAY', 'anchors.essayNotScored');
        const percent = teacherTotalPercent(scoring.scoreType, a.score, scoring.fullMark);
        if (percent === null) throw badRequest('ANCHOR_SCORE', 'anchors.score', { score: a.score });
        teacher.set(a.essayId, percent);
      }
      const map = fitAnchorMap(scored.filter((r) => teacher.has(r.id)).map((r) => ({ ai: r.score!.percent!, teacher: teacher.get(r.id)! })));
      const essays = scored.map((r) => {
        const ai = r.score!.percent!;
        return { essayId: r.id, studentName: r.studentName, anchor: teacher.has(r.id), ai: show(ai), calibrated: show(teacher.get(r.id) ?? applyAnchorMap(map, ai)) };
      });
      const labels: string[] = [];
      for (let p = 100; p >= 0; p -= 0.5) {
        const l = show(p).label;
        if (scoring.scoreType !== 3 && !labels.includes(l)) labels.push(l);
      }
      const bands =
        scoring.scoreType === 3
          ? Array.from({ length: 10 }, (_, k) => {
              const i = 9 - k;
              const inBand = (p: number) => Math.min(9, Math.floor(p / 10)) === i;
              const full = scoring.fullMark ?? 100;
              return { label: `${Math.round((i * full) / 10)}–${Math.round(((i + 1) * full) / 10)}`, before: essays.filter((e) => inBand(e.ai.percent)).length, after: essays.filter((e) => inBand(e.calibrated.percent)).length };
            })
          : labels.map((label) => ({ label, before: essays.filter((e) => e.ai.label === label).length, after: essays.filter((e) => e.calibrated.label === label).length }));
      return { map: { slope: Math.round(map.slope * 1000) / 1000, intercept: Math.round(map.intercept * 10) / 10, anchors: map.anchors }, essays, bands };
    },
  };
}
