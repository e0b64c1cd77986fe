import { randomBytes, timingSafeEqual } from 'node:crypto';
import { commentsShown } from '../../core/tasks/comments-shown';
import { DIMENSIONS, type DimensionId } from '../../correction/index';
import type { ParentLink, ParentReport } from '../../core/api/contracts/class-report';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import { AppError, badRequest, notFound } from '../errors';
import type { ErrorCode } from '../../core/api/error-codes';
import { classReportRepo } from '../repositories/class-report';
import { classesRepo } from '../repositories/classes';
import { essaysRepo } from '../repositories/essays';
import { parentLinksRepo } from '../repositories/parent-links';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';
import { approvedPercents, scaleLabel } from './class-report-build';
import type { ServiceDeps } from './deps';
import { grantedFileUrl } from './file-service';
import { noteExample } from './writing-statistics';
import { attachmentHeader } from './writing-export';
import { pageJpeg } from './report-pdf/page-jpegs';
import { renderParentPdfOffThread } from './report-pdf/report-pdf-off-thread';
import type { ParentMark } from './report-pdf/render-parent-report';
import { summaryOnScale } from './score-scale';
import { taskScoringInfo } from './writing-scope';
import { sharedRateLimit } from './security/shared-rate-limit';
import { upgradeSelection } from './upgrade-service';
import { formatCst } from './cst-time';
import { renderParentSheet } from './report-pdf/parent-sheet';
import type { ParentSheetScope } from '../../core/api/contracts/class-report';
import type { UpgradeResult } from '../../core/api/contracts/upgrade';

/** Essay pages the parents' PDF embeds at most (a photographed essay has one to three). */
const MAX_PDF_PAGES = 6;
/** Notes the PDF lists beside the essay as the teacher's marks. */
const MARK_KINDS = new Set(['wrongChar', 'punctuation', 'goodSentence']);
/** Tasks the parents' trend shows (the latest ones). */
const TREND_TASKS = 6;
/** The parents' page under the app's base path; the token is its only key. */
export const PARENT_REPORT_PATH = '/teaching/h5/report';
/**
 * Public reads per address (parents on one carrier's shared address stay well under it) and PDFs per
 * address and per link: a PDF takes ≈ 0.3 s of the one report worker, which class reports share.
 */
const PARENT_READ_IP = { max: 120, windowMs: 60_000 };
const PARENT_PDF_IP = { max: 20, windowMs: 60_000 };
const PARENT_PDF_LINK = { max: 10, windowMs: 10 * 60_000 };
/** 升格 suggestions per link: a pupil trying sentences, each may cost a model call. */
const PARENT_UPGRADE_LINK = { max: 20, windowMs: 60_000 };

const LINK_ERRORS = {
  invalid: [404, 'PARENT_LINK_INVALID', 'parentLink.invalid'],
  expired: [410, 'PARENT_LINK_EXPIRED', 'parentLink.expired'],
  revoked: [410, 'PARENT_LINK_REVOKED', 'parentLink.revokedTitle'],
} as const satisfies Record<string, readonly [number, ErrorCode, MessageKey]>;
const linkError = (kind: keyof typeof LINK_ERRORS) => {
  const [status, code, key] = LINK_ERRORS[kind];
  return new AppError(status, code, key, undefined, { show: true });
};

/** A link's expiry as the date the card prints (China time, product-rules.md#limits). */
const chinaDate = (iso: string) => formatCst(new Date(iso)).slice(0, 10);

/** The end of the semester's last day in China time. */
const semesterEndsAt = (endDate: string) => new Date(`${endDate}T23:59:59+08:00`);

/**
 * Parents' report links: `<id>.<HMAC(secret, parent-report:id:nonce)>` with a random nonce per link,
 * so a token names one student, cannot be derived from the student id, and dies when revoked or when
 * its semester ends. The page it opens shows that student only; class figures as averages.
 */
export function parentReportService(deps: ServiceDeps) {
  const db = deps.db;
  const tokenOf = (id: number, nonce: string) => `${id}.${deps.signer.mac(`parent-report:${id}:${nonce}`)}`;

  async function classInScope(auth: AuthContext, classId: number) {
    requireAny(auth, ['task', 'query'], ['class', 'query']);
    const cls = await classesRepo.find(db, { ...visibleClasses(auth), id: classId });
    if (!cls) throw notFound();
    return cls;
  }

  async function listOf(classId: number): Promise<ParentLink[]> {
    const roster = await parentLinksRepo.rosterOf(db, classId);
    const live = await parentLinksRepo.live(db, roster.map((s) => s.id), deps.now());
    return roster.map((s) => {
      const link = live.find((l) => l.studentId === s.id);
      return {
        studentId: s.id,
        studentNo: s.studentNo,
        studentName: s.name,
        linkId: link?.id ?? null,
        path: link ? `${PARENT_REPORT_PATH}?t=${tokenOf(link.id, link.nonce)}` : null,
        expiresAt: link?.expiresAt.toISOString() ?? null,
      };
    });
  }

  /** The link row behind a token, or the reason it opens nothing. */
  async function resolve(token: string) {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) throw linkError('invalid');
    const row = await parentLinksRepo.find(db, Number(m[1]));
    const expected = row ? Buffer.from(tokenOf(row.link.id, row.link.nonce)) : null;
    if (!row || !expected || expected.length !== token.length || !timingSafeEqual(expected, Buffer.from(token)) || row.studentDeleted) throw linkError('invalid');
    if (row.link.revokedAt) throw linkError('revoked');
    if (row.link.expiresAt.getTime() <= deps.now().getTime()) throw linkError('expired');
    return row;
  }

  return {
    async list(auth: AuthContext, classId: number): Promise<ParentLink[]> {
      await classInScope(auth, classId);
      return listOf(classId);
    },
    /** Makes a link for every student of the class without a live one; 400 once the semester is over. */
    async create(auth: AuthContext, classId: number): Promise<ParentLink[]> {
      const cls = await classInScope(auth, classId);
      const end = await parentLinksRepo.semesterEnd(db, classId);
      const expiresAt = end ? semesterEndsAt(end) : null;
      if (!expiresAt || expiresAt.getTime() <= deps.now().getTime()) throw badRequest('SEMESTER_OVER', 'parentLink.semesterOver');
      const roster = await parentLinksRepo.rosterOf(db, classId);
      const live = new Set((await parentLinksRepo.live(db, roster.map((s) => s.id), deps.now())).map((l) => l.studentId));
      await parentLinksRepo.insert(
        db,
        roster.filter((s) => !live.has(s.id)).map((s) => ({ schoolId: cls.cls.schoolId, studentId: s.id, nonce: randomBytes(18).toString('base64url'), expiresAt, createdByIdentityId: auth.identity.id })),
      );
      return listOf(classId);
    },
    /**
     * The printable parents' sheet of the class: a card per pupil with a live link (all of them, or only
     * those with an approved essay), in class order; `origin` is where phones reach this server.
     */
    async sheet(auth: AuthContext, classId: number, scope: ParentSheetScope, lang: Lang, origin: string): Promise<{ body: Buffer; contentDisposition: string; count: number }> {
      const cls = await classInScope(auth, classId);
      const links = (await listOf(classId)).filter((l) => l.path);
      const approved = scope === 'approved' ? await parentLinksRepo.withApproved(db, classId) : null;
      const cards = links
        .filter((l) => !approved || approved.has(l.studentId))
        .map((l) => ({ name: l.studentName, studentNo: l.studentNo, url: `${origin.replace(/\/+$/, '')}${l.path}`, expires: chinaDate(l.expiresAt!) }));
      const body = renderParentSheet({ className: cls.cls.name, cards, lang });
      const name = translate(lang, 'parentSheet.title', { className: cls.cls.name }).replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim();
      return { body, contentDisposition: attachmentHeader(`${name}.pdf`, `parent-sheet-${classId}.pdf`), count: cards.length };
    },
    async revoke(auth: AuthContext, linkId: number): Promise<{ revoked: boolean }> {
      const row = await parentLinksRepo.find(db, linkId);
      if (!row || row.link.schoolId !== auth.school.id) throw notFound();
      await classInScope(auth, row.classId);
      return { revoked: await parentLinksRepo.revoke(db, linkId, deps.now()) };
    },

    /** The parents' page (public): the token's student only. */
    async report(token: string, taskId: number | undefined, lang: Lang, ip: string): Promise<ParentReport> {
      await sharedRateLimit.hit(db, `parent-report:ip:${ip}`, PARENT_READ_IP, deps.now());
      return (await build(await resolve(token), taskId, lang)).report;
    },

    /**
     * The parents' report as PDF (/h5Pdf), drawn by mupdf in the report worker (docs/decisions.md). The
     * token is checked before anything is read; at most MAX_PDF_PAGES essay pages, as 900 px JPEGs.
     * Counted per address before the token is looked at, and per link once it resolves.
     */
    async pdf(token: string, taskId: number | undefined, lang: Lang, ip: string): Promise<{ body: Buffer; contentDisposition: string }> {
      await sharedRateLimit.hit(db, `parent-report:pdf:ip:${ip}`, PARENT_PDF_IP, deps.now());
      const row = await resolve(token);
      await sharedRateLimit.hit(db, `parent-report:pdf:link:${row.link.id}`, PARENT_PDF_LINK, deps.now());
      const { report, files, marks } = await build(row, taskId, lang);
      const images = await Promise.all(files.slice(0, MAX_PDF_PAGES).map((f) => pageJpeg(f.storageKey, f.rotation, () => deps.storage.get(f.storageKey))));
      const body = await renderParentPdfOffThread({ report, lang, images, marks });
      const name = translate(lang, 'parentReport.title', { name: report.student.name }).replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim();
      return { body, contentDisposition: attachmentHeader(`${name}.pdf`, `parent-report-${report.current?.taskId ?? 'none'}.pdf`) };
    },
    upgrade,
  };

  /**
   * 升格 suggestions for a selection of the token's student's released (approved) essay of the task
   * (the latest when none is named): the pupil's own essay only, its text only.
   */
  async function upgrade(token: string, taskId: number | undefined, text: string, lang: Lang, ip: string): Promise<UpgradeResult> {
    await sharedRateLimit.hit(db, `parent-report:ip:${ip}`, PARENT_READ_IP, deps.now());
    const row = await resolve(token);
    await sharedRateLimit.hit(db, `parent-report:upgrade:link:${row.link.id}`, PARENT_UPGRADE_LINK, deps.now());
    const all = await parentLinksRepo.approvedEssays(db, row.link.studentId);
    const chosen = taskId !== undefined ? all.find((e) => e.taskId === taskId) : all.at(-1);
    if (!chosen) throw notFound();
    return upgradeSelection(deps, chosen.transcript, text, lang);
  }

  /** The report of the token's student, with what the PDF needs beside it (page files, marks). */
  async function build(row: Awaited<ReturnType<typeof resolve>>, taskId: number | undefined, lang: Lang) {
    const all = await parentLinksRepo.approvedEssays(db, row.link.studentId);
    const recent = all.slice(-TREND_TASKS);
    const scorings = new Map(await Promise.all(recent.map(async (e) => [e.taskId, await taskScoringInfo(db, e.taskId)] as const)));
    const classRows = await classReportRepo.approvedOf(db, recent.map((e) => e.taskId), row.classId);
    const classAverage = (tid: number, dim?: string) => {
      const xs = classRows.filter((r) => r.taskId === tid).flatMap((r) => {
        const p = approvedPercents(r, scorings.get(tid)!);
        const v = dim ? (p.dims.get(dim) ?? null) : p.percent;
        return v === null ? [] : [v];
      });
      return xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null;
    };
    const trend = recent.map((e) => ({ taskId: e.taskId, title: e.title, percent: approvedPercents(e, scorings.get(e.taskId)!).percent, classAverage: classAverage(e.taskId) }));
    const chosen = (taskId !== undefined ? recent.find((e) => e.taskId === taskId) : undefined) ?? recent.at(-1);
    let current: ParentReport['current'] = null;
    let files: { storageKey: string; rotation: number }[] = [];
    let marks: ParentMark[] = [];
    if (chosen) {
      const scoring = scorings.get(chosen.taskId)!;
      const { percent, dims } = approvedPercents(chosen, scoring);
      // A letter task's class figures are letters counted, never a percent average beside a letter.
      const letters = scoring.scoreType !== 3;
      const dimensions = scoring.dimensions.map((id) => ({ id, name: DIMENSIONS[id][lang], percent: dims.get(id) ?? null, score: dims.has(id) ? scaleLabel(dims.get(id)!, scoring, lang) : null, classAverage: letters ? null : classAverage(chosen.taskId, id) }));
      const classPercents = classRows.filter((r) => r.taskId === chosen.taskId).flatMap((r) => {
        const p = approvedPercents(r, scoring).percent;
        return p === null ? [] : [p];
      });
      const stored = (await essaysRepo.pages(db, [chosen.essayId])).sort((a, b) => a.p.pageNo - b.p.pageNo);
      const pages = stored.map((p) => ({ url: grantedFileUrl(deps, p.f.id, { studentId: row.link.studentId }).url, rotation: p.p.rotation }));
      files = stored.map((p) => ({ storageKey: p.f.storageKey, rotation: p.p.rotation }));
      marks = (chosen.notes ?? []).filter((n) => MARK_KINDS.has(n.kind)).slice(0, 12).map((n) => ({ kind: n.kind, excerpt: noteExample(n, lang), message: n.message }));
      current = {
        taskId: chosen.taskId,
        title: chosen.title,
        score: percent === null ? null : scoring.scoreType === 3 && chosen.teacherScore ? chosen.teacherScore : scaleLabel(percent, scoring, lang),
        percent,
        classAverage: letters ? null : classAverage(chosen.taskId),
        classSummary: summaryOnScale(classPercents, scoring, lang),
        dimensions,
        ...advice(dimensions, chosen.notes ?? [], lang),
        ...shownComments(chosen.teacherComment, chosen.aiComment),
        transcript: chosen.transcript ?? null,
        pages,
      };
    }
    const report: ParentReport = { student: { name: row.studentName, className: row.className }, expiresAt: row.link.expiresAt.toISOString(), trend, current };
    return { report, files, marks };
  }
}

/** The teacher's comment, and the AI's only when it is not the same paragraph, without its own verdict. */
function shownComments(teacherComment: string | null, aiComment: string | null) {
  const shown = commentsShown(teacherComment, aiComment);
  return { ...shown, aiComment: withoutVerdict(shown.aiComment) };
}

/** The AI comment's own verdict sentence (综合评定：B。 / Overall: B.) removed: the teacher's approved grade is the verdict parents read. */
export function withoutVerdict(comment: string): string {
  return comment.replace(/综合评定：[^。]*。?/gu, '').replace(/Overall: [^.]*\.?/gu, '').trim();
}

/**
 * Strengths first (best dimensions on the task's scale, a good sentence, clean characters), then one or
 * two concrete next steps; a dimension's tip is never about errors the essay does not have.
 */
export function advice(dimensions: { id: string; name: string; percent: number | null; score?: string | null }[], notes: { kind: string; excerpt: string; fix?: string }[], lang: Lang) {
  const t = (key: string, p?: Record<string, string | number>) => translate(lang, key as MessageKey, p);
  const scored = dimensions.filter((d) => d.percent !== null).sort((a, b) => b.percent! - a.percent!);
  const strengths: string[] = [];
  for (const d of scored.slice(0, 2)) if (d.percent! >= 75 || d === scored[0]) strengths.push(t('parentReport.strength.dim', { name: d.name, score: d.score ?? String(Math.round(d.percent!)) }));
  const good = notes.find((n) => n.kind === 'goodSentence' && [...n.excerpt].length <= 40);
  if (good) strengths.push(t('parentReport.strength.good', { text: good.excerpt.trim() }));
  const wrong = notes.filter((n) => n.kind === 'wrongChar');
  if (!wrong.length) strengths.push(t('parentReport.strength.noWrong'));
  if (!strengths.length) strengths.push(t('parentReport.strength.steady'));
  const nextSteps: string[] = [];
  // "检查错别字和标点" is no step for an essay without either.
  const clean = !notes.some((n) => n.kind === 'wrongChar' || n.kind === 'punctuation');
  const weakest = [...scored].reverse().find((d) => d !== scored[0] && !(clean && d.id === 'mechanics'));
  if (weakest) {
    const tip = (DIMENSION_TIPS as readonly string[]).includes(weakest.id) ? weakest.id : 'other';
    nextSteps.push(t('parentReport.next.dim', { name: weakest.name, tip: t(`parentReport.tip.${tip}`) }));
  }
  if (wrong.length) nextSteps.push(t('parentReport.next.wrongChar', { example: noteExample(wrong[0]!, lang) }));
  if (nextSteps.length < 2) nextSteps.push(t('parentReport.next.read'));
  return { strengths: strengths.slice(0, 3), nextSteps: nextSteps.slice(0, 2) };
}
const DIMENSION_TIPS: readonly DimensionId[] = ['theme', 'content', 'structure', 'language', 'mechanics'] as DimensionId[];
