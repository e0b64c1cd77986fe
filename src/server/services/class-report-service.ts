import { REPORT_SECTIONS, SIMPLE_SECTIONS, type ClassReport, type ReportConfig, type ReportMode, type ReportSection } from '../../core/api/contracts/class-report';
import type { SampleStatus } from '../../core/api/contracts/samples';
import type { Lang } from '../../core/i18n';
import { classReportRepo } from '../repositories/class-report';
import { essaysRepo } from '../repositories/essays';
import { samplesRepo } from '../repositories/samples';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import { buildClassReport, type HistoryTask } from './class-report-build';
import type { ServiceDeps } from './deps';
import { grantedFileUrl } from './file-service';
import { taskClassesInScope, taskScoringInfo, taskScoringInfos } from './writing-scope';
import { notFound } from '../errors';
import { pageJpeg } from './report-pdf/page-jpegs';
import { renderReportPdfOffThread } from './report-pdf/report-pdf-off-thread';
import { attachmentHeader } from './writing-export';
import { translate } from '../../core/i18n';

/** Earlier tasks of the class read for the comparison and the trend. */
const HISTORY_TASKS = 5;

const FULL_DEFAULT: ReportSection[] = [...REPORT_SECTIONS];

/** Sections of a mode: simple is fixed; full keeps the teacher's chosen sections (in catalogue order). */
export function sectionsOf(mode: ReportMode, stored: readonly string[] | null): ReportSection[] {
  if (mode === 'simple') return [...SIMPLE_SECTIONS];
  const keep = new Set(stored ?? FULL_DEFAULT);
  return REPORT_SECTIONS.filter((s) => keep.has(s));
}

/** tasks/getTeacherReportConfig, getReportData, getPartReportData (product-rules.md#api): the class report of a task. */
export function classReportService(deps: ServiceDeps) {
  const db = deps.db;

  async function config(auth: AuthContext): Promise<ReportConfig> {
    const row = await classReportRepo.config(db, auth.identity.id);
    const mode = (row?.mode === 'full' ? 'full' : 'simple') as ReportMode;
    return { mode, sections: sectionsOf('full', row?.sections ?? null) };
  }

  const service = {
    async getConfig(auth: AuthContext, change: { mode?: ReportMode | undefined; sections?: ReportSection[] | undefined }): Promise<ReportConfig> {
      requireAny(auth, ['task', 'query'], ['headmaster', 'query']);
      if (change.mode !== undefined || change.sections !== undefined) {
        const now = await config(auth);
        await classReportRepo.saveConfig(db, auth.identity.id, change.mode ?? now.mode, sectionsOf('full', change.sections ?? now.sections));
      }
      return config(auth);
    },

    async reportData(auth: AuthContext, q: { taskId: number; classId: number; mode?: ReportMode | undefined; partType?: ReportSection | undefined }, lang: Lang, only?: ReportSection[]): Promise<ClassReport> {
      requireAny(auth, ['task', 'query'], ['headmaster', 'query']);
      const { task, classes } = await taskClassesInScope(deps, auth, q.taskId, q.classId);
      const cls = classes[0]!;
      const stored = await config(auth);
      const mode = q.mode ?? stored.mode;
      const sections = only ?? (q.partType ? [q.partType] : mode === 'simple' ? sectionsOf('simple', null) : stored.sections);
      const needsHistory = sections.some((s) => s === 'comparison' || s === 'attention' || s === 'students');
      const [rows, scoring, recent] = await Promise.all([
        classReportRepo.classRows(db, q.taskId, q.classId),
        taskScoringInfo(db, q.taskId),
        needsHistory ? classReportRepo.recentTasks(db, q.classId, task.releaseAt, HISTORY_TASKS + 1) : Promise.resolve([]),
      ]);
      const earlier = recent.filter((r) => r.id !== task.id).slice(0, HISTORY_TASKS);
      const [historyRows, scorings] = await Promise.all([
        classReportRepo.approvedOf(db, earlier.map((r) => r.id), q.classId),
        taskScoringInfos(db, earlier.map((r) => r.id)),
      ]);
      const history = earlier.map((r): HistoryTask => {
        const s = scorings.get(r.id);
        if (!s) throw notFound();
        return { taskId: r.id, title: r.title, scoring: s };
      });
      let pages: Map<number, { url: string; rotation: number }[]> | undefined;
      if (sections.includes('studentPages')) {
        pages = new Map();
        const ids = rows.filter((r) => r.status === 'approved' && r.essayId !== null).map((r) => r.essayId!);
        for (const p of await essaysRepo.pages(db, ids)) {
          const list = pages.get(p.p.essayId) ?? [];
          list.push({ url: grantedFileUrl(deps, p.f.id, { identityId: auth.identity.id }).url, rotation: p.p.rotation });
          pages.set(p.p.essayId, list);
        }
      }
      const report = buildClassReport({
        task: { id: task.id, title: task.title, genre: task.genre, grade: task.grade },
        cls: { id: cls.id, name: cls.name },
        mode,
        sections,
        rows,
        scoring,
        history,
        historyRows,
        ...(pages ? { pages } : {}),
        lang,
      });
      if (sections.includes('excellent')) {
        report.samples = (await samplesRepo.ofTask(db, auth.school.id, q.taskId, q.classId)).map((x) => ({
          sampleId: x.id,
          essayId: x.essayId,
          studentId: x.studentId,
          studentName: x.studentName,
          title: x.title,
          status: x.status as SampleStatus,
          likeCount: x.likeCount,
          publishedAt: x.publishedAt?.toISOString() ?? null,
        }));
      }
      return report;
    },

    /**
     * The report as PDF, drawn in a worker thread with mupdf (docs/decisions.md): the essay pages are
     * read from storage and turned into small JPEGs by sharp first (kept in memory: page-jpegs.ts), so
     * the worker only places them.
     */
    async pdf(auth: AuthContext, q: { taskId: number; classId: number; mode: ReportMode }, lang: Lang): Promise<{ body: Buffer; contentDisposition: string }> {
      const report = await service.reportData(auth, q, lang, q.mode === 'simple' ? undefined : sectionsOf('full', null));
      const images: Record<number, Uint8Array[]> = {};
      const pages = await essaysRepo.pages(db, (report.studentPages ?? []).map((p) => p.essayId));
      await Promise.all(
        pages.map(async (p) => {
          (images[p.p.essayId] ??= [])[p.p.pageNo - 1] = await pageJpeg(p.f.storageKey, p.p.rotation, () => deps.storage.get(p.f.storageKey));
        }),
      );
      for (const id of Object.keys(images)) images[Number(id)] = images[Number(id)]!.filter(Boolean);
      const body = await renderReportPdfOffThread({ report, lang, images });
      const title = `${report.task.title}-${report.class.name}`.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim();
      return { body, contentDisposition: attachmentHeader(`${translate(lang, 'report.fileName', { title })}.pdf`, `class-report-${report.task.id}-${report.class.id}.pdf`) };
    },
  };
  return service;
}
export type ClassReportService = ReturnType<typeof classReportService>;
