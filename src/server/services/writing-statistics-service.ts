import type { ClassroomEvaluation, WritingStatistics } from '../../core/api/contracts/review';
import { translate, type Lang } from '../../core/i18n';
import { badRequest } from '../errors';
import { deriveCounts } from '../../core/tasks/status-counts';
import { essaysRepo } from '../repositories/essays';
import { studentsRepo } from '../repositories/students';
import { emptyCounts } from './task-service';
import { writingStatisticsRepo } from '../repositories/writing-statistics';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import { buildClassroomEvaluation } from './classroom-evaluation';
import type { ServiceDeps } from './deps';
import { attachmentHeader, buildWritingWorkbook, exportOrder } from './writing-export';
import { taskClassesInScope, taskScoringInfo } from './writing-scope';
import { buildStatistics } from './writing-statistics';

/** Class statistics, classroom evaluation (task.query) and the approved-score export (task.export) of a task. */
export function writingStatisticsService(deps: ServiceDeps) {
  const db = deps.db;

  async function classData(auth: AuthContext, taskId: number, classId: number, lang: Lang) {
    requireAny(auth, ['task', 'query']);
    const { task, classes } = await taskClassesInScope(deps, auth, taskId, classId);
    // prepared statements only (the scope above, these three): statistics is opened beside the list
    const [rows, scoring, perClass] = await Promise.all([writingStatisticsRepo.currentEssays(db, taskId, classId), taskScoringInfo(db, taskId), essaysRepo.countsPerClass(db, [taskId])]);
    const mine = perClass.find((c) => c.classId === classId);
    const counts = mine ? deriveCounts(mine) : emptyCounts((await studentsRepo.inClass(db, classId)).length);
    const statistics = buildStatistics({ counts, rows, scoring, lang });
    return { task, cls: classes[0]!, rows, scoring, statistics };
  }

  return {
    async statistics(auth: AuthContext, taskId: number, classId: number, lang: Lang): Promise<WritingStatistics> {
      return (await classData(auth, taskId, classId, lang)).statistics;
    },
    async classroomEvaluation(auth: AuthContext, taskId: number, classId: number, lang: Lang): Promise<ClassroomEvaluation> {
      const { task, cls, rows, scoring, statistics } = await classData(auth, taskId, classId, lang);
      return buildClassroomEvaluation({ taskTitle: task.title, className: cls.name, rows, statistics, scoring, lang });
    },
    /**
     * xlsx of the latest approved draft of every student of the task's classes the caller may see
     * (or one class); 400 with a clear message when no essay is approved yet.
     */
    async exportWriting(auth: AuthContext, taskId: number, classId: number | undefined, lang: Lang): Promise<{ body: Buffer; contentDisposition: string }> {
      requireAny(auth, ['task', 'export']);
      const { task, classes } = await taskClassesInScope(deps, auth, taskId, classId);
      const rows = await writingStatisticsRepo.approvedEssays(db, taskId, classes.map((c) => c.id));
      if (!rows.length) throw badRequest('NOTHING_APPROVED', 'exportWriting.nothingApproved');
      const scoring = await taskScoringInfo(db, taskId);
      const body = await buildWritingWorkbook({ rows: exportOrder(rows, classes.map((c) => c.id)), scoring, lang });
      const title = classId !== undefined ? `${task.title}-${classes[0]!.name}` : task.title;
      const name = `${translate(lang, 'exportWriting.fileName', { title: title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() })}.xlsx`;
      return { body, contentDisposition: attachmentHeader(name, `essay-scores-${task.id}${classId !== undefined ? `-${classId}` : ''}.xlsx`) };
    },
  };
}
export type WritingStatisticsService = ReturnType<typeof writingStatisticsService>;
