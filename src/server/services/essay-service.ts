import { IMAGE_MIMES } from '../../core/api/contracts/file';
import { MAX_ESSAY_PAGES, type Essay, type EssayLabel, type EssayStatus, type WritingList } from '../../core/api/contracts/essays';
import type { Executor } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { correctionsRepo } from '../repositories/corrections';
import { essaysRepo, type EssayRow, type PageWithFile } from '../repositories/essays';
import { writingListRepo } from '../repositories/writing-list';
import { filesRepo } from '../repositories/files';
import { reviewsRepo } from '../repositories/reviews';
import { studentsRepo } from '../repositories/students';
import { tasksRepo } from '../repositories/tasks';
import { isScopedTeacher, requireAny } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { grantedFileUrl, type FileGrant } from './file-service';
import { queueCorrection } from './intake-correction';
import { revisionHooks } from './revision-hooks';
import { emptyCounts } from './task-service';
import { deriveCounts } from '../../core/tasks/status-counts';
import { keepPreviousPages } from './security/page-versions';
import { byStudentNo } from '../../core/domain/student-order';
import { isUniqueViolation } from '../db/pg-errors';

/** Largest image (pixels) a teacher may turn (the AI job turns it for every read); bigger ones get the product-rules.md#errors message. */
export const ROTATE_MAX_PIXELS_DEFAULT = 40_000_000;

/** product-rules.md#entities label of one essay. */
export function labelOf(status: string, draft: number): EssayLabel {
  switch (status as EssayStatus) {
    case 'abnormal':
      return 'abnormal';
    case 'ai_done':
      return 'pendingReview';
    case 'approved':
      return 'reviewed';
    case 'revision_requested':
      return 'awaitingRevision';
    default:
      return draft > 0 ? 'revisedDraft' : 'submitted';
  }
}

const iso = (d: Date) => d.toISOString();
const approvedLocked = () => new AppError(409, 'ESSAY_APPROVED', 'essay.approvedLocked', undefined, { show: true });

/** Checks that the class is one of the task's and the student is a live member of it (same school). */
export async function checkTarget(db: Executor, schoolId: number, taskId: number, classId: number, studentId: number): Promise<void> {
  const scope = (await tasksRepo.classesOf(db, [taskId])).get(taskId) ?? [];
  if (!scope.some((c) => c.id === classId)) throw badRequest('CLASS_NOT_IN_TASK', 'essay.classNotInTask');
  const student = await studentsRepo.find(db, schoolId, studentId);
  if (!student || student.s.classId !== classId) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
}

/** Checks that file ids are images of the school; returns them in the given order. */
export async function checkPageFiles(db: Executor, schoolId: number, fileIds: string[]): Promise<string[]> {
  if (!fileIds.length) throw badRequest('VALIDATION', 'essay.pagesRequired');
  if (fileIds.length > MAX_ESSAY_PAGES) throw badRequest('TOO_MANY_PAGES', 'essay.tooManyPages', { max: MAX_ESSAY_PAGES });
  const rows = await filesRepo.findMany(db, schoolId, [...new Set(fileIds)]);
  if (rows.length !== new Set(fileIds).size) throw notFound();
  if (rows.some((r) => !IMAGE_MIMES.includes(r.mime))) throw badRequest('NOT_IMAGE', 'intake.notImage');
  return fileIds;
}

/**
 * The pages of an essay changed (re-upload, pages added, replaced, deleted, reordered): the teacher's
 * corrected transcript described the old pages, so it goes, in the transaction of the change, and the
 * next AI run reads the new pages (a run analyses the teacher's transcript when there is one). The
 * teacher's comment and scores stay, as for any resubmission.
 */
export async function dropCorrectedTranscript(tx: Executor, essayId: number, now: Date): Promise<void> {
  if ((await reviewsRepo.get(tx, essayId))?.transcript != null) await reviewsRepo.upsert(tx, essayId, { transcript: null }, now);
}

export interface SubmitEssayInput {
  schoolId: number;
  taskId: number;
  classId: number;
  studentId: number;
  /** 0 first draft, 1 revised 1, 2 revised 2. */
  draft: number;
  source: 'single' | 'batch' | 'phone';
  /** Image file ids (saveFile rows of the school), in page order. */
  fileIds: string[];
  /** replace (default): the essay's pages become fileIds; append: fileIds are added after its pages (batch grouping). */
  mode?: 'replace' | 'append';
  identityId?: number | null;
  /** A replace keeps the replaced pages as a previous version and notifies the task's teacher (students' phone re-submissions). */
  keepPrevious?: boolean;
}
export interface SubmitEssayResult {
  essay: EssayRow;
  created: boolean;
  replaced: boolean;
}

/**
 * Creates or updates the essay of one student's draft with its pages and queues the AI correction.
 * Shared by single upload, phone upload and batch matching. Rules: one live essay per task, student
 * and draft (a repeat replaces the pages, or appends them in `append` mode); an approved essay is
 * locked (409, cancel the approval first); a revised draft needs the previous draft. Every submit sets
 * status `submitted`, clears flags and scores (and, for an essay whose pages change, the teacher's
 * corrected transcript), and calls requestCorrection after the commit. Callers check access and
 * `checkTarget` first.
 */
export async function submitEssay(deps: Pick<ServiceDeps, 'db' | 'now'>, input: SubmitEssayInput): Promise<SubmitEssayResult> {
  const fileIds = await checkPageFiles(deps.db, input.schoolId, input.fileIds);
  const run = () =>
    deps.db.transaction(async (tx) => {
      // A pending revised-draft request decides the draft (keep: the next one; discard: the one discarded) and is fulfilled by this essay.
      const request = await revisionHooks.pendingFor(tx, input.taskId, input.studentId);
      const draft = request ? request.nextDraft : input.draft;
      const current = await essaysRepo.findDraftForUpdate(tx, input.taskId, input.studentId, draft);
      const reset = { status: 'submitted', flags: [], insistCorrect: false, wordCount: null, aiScore: null, submittedAt: deps.now(), source: input.source, submittedByIdentityId: input.identityId ?? null };
      if (current) {
        if (current.status === 'approved') throw approvedLocked();
        if (input.mode === 'append') {
          const have = (await essaysRepo.pages(tx, [current.id])).length;
          if (have + fileIds.length > MAX_ESSAY_PAGES) throw badRequest('TOO_MANY_PAGES', 'essay.tooManyPages', { max: MAX_ESSAY_PAGES });
          await essaysRepo.appendPages(tx, current.id, fileIds);
        } else {
          if (input.keepPrevious) await keepPreviousPages(tx, current, deps.now());
          await essaysRepo.replacePages(tx, current.id, fileIds);
        }
        await dropCorrectedTranscript(tx, current.id, deps.now());
        await essaysRepo.update(tx, current.id, reset);
        if (request) await revisionHooks.fulfil(tx, request, current.id, deps.now());
        return { essay: { ...current, ...reset } as EssayRow, created: false, replaced: true };
      }
      if (draft > 0) {
        const previous = await essaysRepo.findDraftForUpdate(tx, input.taskId, input.studentId, draft - 1);
        if (!previous) throw badRequest('PREVIOUS_DRAFT_MISSING', 'essay.previousDraftMissing');
      }
      const essay = await essaysRepo.insert(tx, { schoolId: input.schoolId, taskId: input.taskId, classId: input.classId, studentId: input.studentId, draft, ...reset });
      await essaysRepo.replacePages(tx, essay.id, fileIds);
      if (request) await revisionHooks.fulfil(tx, request, essay.id, deps.now());
      return { essay, created: true, replaced: false };
    });
  let result: SubmitEssayResult;
  try {
    result = await run();
  } catch (err) {
    // Two uploads of the same draft raced: the loser replaces the winner's pages.
    if (!isUniqueViolation(err)) throw err;
    result = await run();
  }
  await queueCorrection(deps, result.essay.id, result.created ? 'submitted' : 'resubmitted');
  return result;
}

/** A page with its link, signed for whoever is reading it (see FileGrant). */
export function pageView(deps: Pick<ServiceDeps, 'signer' | 'now'>, r: PageWithFile, grant: FileGrant) {
  return { id: r.p.id, pageNo: r.p.pageNo, fileId: r.f.id, rotation: r.p.rotation, width: r.f.width, height: r.f.height, url: grantedFileUrl(deps, r.f.id, grant).url };
}

/** Single upload, pages and the class essay list for teachers (routes writings/*). */
export function essayService(deps: ServiceDeps) {
  const db = deps.db;
  const rotateMax = deps.rotateMaxPixels ?? ROTATE_MAX_PIXELS_DEFAULT;

  /** The task as the caller sees it (404 otherwise), and the class as one of its classes the caller may see. */
  async function taskAndClass(auth: AuthContext, taskId: number, classId: number) {
    const task = await tasksRepo.find(db, { schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) }, taskId);
    if (!task) throw notFound();
    const cls = await classesRepo.find(db, { ...visibleClasses(auth), id: classId });
    if (!cls) throw notFound();
    const scope = (await tasksRepo.classesOf(db, [taskId])).get(taskId) ?? [];
    if (!scope.some((c) => c.id === classId)) throw badRequest('CLASS_NOT_IN_TASK', 'essay.classNotInTask');
    return task;
  }
  const canRead = (auth: AuthContext) => requireAny(auth, ['task', 'query']);
  const canWrite = (auth: AuthContext) => requireAny(auth, ['task', 'edit'], ['task', 'add']);

  async function view(auth: AuthContext, row: { e: EssayRow; studentName: string; studentNo: string }): Promise<Essay> {
    const pages = await essaysRepo.pages(db, [row.e.id]);
    return {
      id: row.e.id,
      taskId: row.e.taskId,
      classId: row.e.classId,
      studentId: row.e.studentId,
      studentName: row.studentName,
      studentNo: row.studentNo,
      draft: row.e.draft,
      status: row.e.status as EssayStatus,
      label: labelOf(row.e.status, row.e.draft),
      source: row.e.source as Essay['source'],
      flags: (row.e.flags as unknown[]) ?? [],
      insistCorrect: row.e.insistCorrect,
      wordCount: row.e.wordCount,
      aiScore: row.e.aiScore,
      teacherScore: row.e.teacherScore,
      submittedTime: iso(row.e.submittedAt),
      auditTime: row.e.auditAt ? iso(row.e.auditAt) : null,
      pages: pages.map((p) => pageView(deps, p, { identityId: auth.identity.id })),
    };
  }

  /** An essay the caller may read (or change): its task and class must be visible to them. */
  async function essayInScope(auth: AuthContext, id: number, write: boolean) {
    if (write) canWrite(auth);
    else canRead(auth);
    const row = await essaysRepo.find(db, auth.school.id, id);
    if (!row) throw notFound();
    await taskAndClass(auth, row.e.taskId, row.e.classId);
    if (write && row.e.status === 'approved') throw approvedLocked();
    return row;
  }
  async function pageInScope(auth: AuthContext, pageId: number) {
    canWrite(auth);
    const page = await essaysRepo.page(db, auth.school.id, pageId);
    if (!page) throw notFound();
    const row = await essayInScope(auth, page.e.id, true);
    return { page, row };
  }
  /**
   * A page change, in one transaction with its consequences and the essay row locked (as approval and
   * the AI job lock it): the AI result is stale (back to submitted) and so is the teacher's corrected
   * transcript, unless the text is the same (a turned page). Then the AI review is queued again.
   */
  async function changePages(essayId: number, change: (tx: Executor) => Promise<void>, opts: { sameText?: boolean } = {}) {
    await db.transaction(async (tx) => {
      const essay = await correctionsRepo.essay(tx, essayId, true);
      if (!essay) throw notFound();
      if (essay.status === 'approved') throw approvedLocked();
      await change(tx);
      if (!opts.sameText) await dropCorrectedTranscript(tx, essayId, deps.now());
      await essaysRepo.update(tx, essayId, { status: 'submitted', flags: [], wordCount: null, aiScore: null });
    });
    await queueCorrection(deps, essayId, 'pages_changed');
  }
  async function reload(auth: AuthContext, essayId: number) {
    return view(auth, (await essaysRepo.find(db, auth.school.id, essayId))!);
  }

  return {
    async list(auth: AuthContext, taskId: number, classId: number): Promise<WritingList> {
      canRead(auth);
      // hot path: named statements prepared once (writing-list.ts), the scope checks in one of them
      const scope = await writingListRepo.scope(db, auth.school.id, isScopedTeacher(auth) ? auth.identity.id : null, taskId, classId);
      if (!scope?.taskVisible || !scope.classVisible) throw notFound();
      if (!scope.classInTask) throw badRequest('CLASS_NOT_IN_TASK', 'essay.classNotInTask');
      const [rows, counts, unmatchedImages] = await Promise.all([
        writingListRepo.rows(db, taskId, classId),
        essaysRepo.countsPerClass(db, [taskId]),
        writingListRepo.unmatchedImages(db, taskId, classId),
      ]);
      const byStudent = new Map<number, { id: number; name: string; studentNo: string; revisionPending: boolean; essays: NonNullable<(typeof rows)[number]['essay']>[] }>();
      for (const r of rows) {
        let s = byStudent.get(r.studentId);
        if (!s) byStudent.set(r.studentId, (s = { id: r.studentId, name: r.name, studentNo: r.studentNo, revisionPending: r.revisionPending, essays: [] }));
        if (r.essay) s.essays.push(r.essay);
      }
      const roster = [...byStudent.values()];
      const mine = counts.find((c) => c.classId === classId);
      const students = roster.sort(byStudentNo).map((s) => {
        const latest = s.essays[0];
        return {
          studentId: s.id,
          name: s.name,
          studentNo: s.studentNo,
          // A student whose essay a revision request discarded has no live essay but is asked for a revised draft.
          label: latest ? labelOf(latest.status, latest.draft) : s.revisionPending ? ('awaitingRevision' as const) : ('notSubmitted' as const),
          status: (latest?.status ?? null) as EssayStatus | null,
          essays: s.essays.map((e) => ({
            id: e.id,
            taskId: e.taskId,
            classId: e.classId,
            studentId: s.id,
            draft: e.draft,
            status: e.status as EssayStatus,
            label: labelOf(e.status, e.draft),
            source: e.source as Essay['source'],
            insistCorrect: e.insistCorrect,
            wordCount: e.wordCount,
            aiScore: e.aiScore,
            teacherScore: e.teacherScore,
            submittedTime: iso(e.submittedAt),
            auditTime: e.auditAt ? iso(e.auditAt) : null,
            pageCount: e.pageCount,
            flagCount: e.flagCount,
          })),
        };
      });
      const { taskId: _t, classId: _c, className: _n, ...c } = mine ?? { taskId, classId, className: '', ...emptyCounts(roster.length) };
      return { taskId, classId, counts: deriveCounts(c), unmatchedImages, students };
    },
    async get(auth: AuthContext, id: number) {
      return view(auth, await essayInScope(auth, id, false));
    },
    async saveSingle(auth: AuthContext, body: { taskId: number; classId: number; studentId: number; draft: number; fileIds: string[] }) {
      canWrite(auth);
      await taskAndClass(auth, body.taskId, body.classId);
      await checkTarget(db, auth.school.id, body.taskId, body.classId, body.studentId);
      const { essay } = await submitEssay(deps, { ...body, schoolId: auth.school.id, source: 'single', identityId: auth.identity.id });
      return reload(auth, essay.id);
    },
    async addPages(auth: AuthContext, essayId: number, fileIds: string[]) {
      const row = await essayInScope(auth, essayId, true);
      const { essay } = await submitEssay(deps, { schoolId: auth.school.id, taskId: row.e.taskId, classId: row.e.classId, studentId: row.e.studentId, draft: row.e.draft, source: row.e.source as 'single', fileIds, mode: 'append', identityId: auth.identity.id });
      return reload(auth, essay.id);
    },
    async reorder(auth: AuthContext, essayId: number, pageIds: number[]) {
      await essayInScope(auth, essayId, true);
      const pages = await essaysRepo.pages(db, [essayId]);
      const have = pages.map((p) => p.p.id).sort((a, b) => a - b);
      const want = [...pageIds].sort((a, b) => a - b);
      if (have.length !== want.length || have.some((id, i) => id !== want[i])) throw badRequest('PAGE_ORDER_MISMATCH', 'essay.pageOrderMismatch');
      await changePages(essayId, (tx) => essaysRepo.renumber(tx, essayId, pageIds));
      return reload(auth, essayId);
    },
    /**
     * Turns a page clockwise: only its `rotation` changes, the stored file stays as uploaded (lossless,
     * and batch intake still knows the page by its file). `rotation` is the clockwise turn that shows the
     * stored file (EXIF orientation applied) upright, the one meaning batch intake, the AI job and every
     * screen use. The AI job turns the pixels for each read, so images over the rotate limit are refused
     * with the product-rules.md#errors message.
     */
    async rotate(auth: AuthContext, pageId: number, degrees: number) {
      const { page, row } = await pageInScope(auth, pageId);
      const f = page.f;
      if ((f.width ?? 0) * (f.height ?? 0) > rotateMax) throw new AppError(400, 'IMAGE_ROTATE_TOO_LARGE', 'error.imageRotateTooLarge', undefined, { show: true });
      const turn = ((degrees % 360) + 360) % 360;
      await changePages(
        row.e.id,
        async (tx) => {
          // read under the essay lock, so two turns at once both count
          const current = (await essaysRepo.page(tx, auth.school.id, pageId))?.p.rotation ?? page.p.rotation;
          await essaysRepo.updatePage(tx, pageId, { rotation: (current + turn) % 360 });
        },
        { sameText: true },
      );
      return reload(auth, row.e.id);
    },
    async replace(auth: AuthContext, pageId: number, fileId: string) {
      const { row } = await pageInScope(auth, pageId);
      await checkPageFiles(db, auth.school.id, [fileId]);
      await changePages(row.e.id, (tx) => essaysRepo.updatePage(tx, pageId, { fileId, rotation: 0 }));
      return reload(auth, row.e.id);
    },
    async deletePage(auth: AuthContext, pageId: number) {
      const { row } = await pageInScope(auth, pageId);
      const pages = await essaysRepo.pages(db, [row.e.id]);
      if (pages.length <= 1) throw badRequest('LAST_PAGE', 'essay.lastPage');
      await changePages(row.e.id, async (tx) => {
        await essaysRepo.deletePage(tx, pageId);
        await essaysRepo.renumber(tx, row.e.id, pages.filter((p) => p.p.id !== pageId).map((p) => p.p.id));
      });
      return reload(auth, row.e.id);
    },
    /** Deletes an essay (soft); an approved one needs its approval cancelled first. */
    async remove(auth: AuthContext, id: number) {
      await essayInScope(auth, id, true);
      await essaysRepo.softDelete(db, id, deps.now());
      return { deleted: 1 };
    },
  };
}
export type EssayService = ReturnType<typeof essayService>;
