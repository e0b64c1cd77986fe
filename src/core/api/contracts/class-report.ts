import { scoreSummarySchema } from './score-summary';
import { z } from 'zod';
import { rowId, rowIdParam } from './paging';
import { SAMPLE_STATUSES } from './samples';

/**
 * Class report of a task (product-rules.md#class-report, product-rules.md#api tasks/getTeacherReportConfig, getReportData,
 * getPartReportData): only teacher-approved results count. Percent figures are on 0–100; `score`
 * strings are on the task's own scale (points out of the full mark, or a level label).
 */

export const REPORT_MODES = ['simple', 'full'] as const;
export type ReportMode = (typeof REPORT_MODES)[number];
export const REPORT_SECTIONS = ['overview', 'dimensions', 'commonProblems', 'goodSentences', 'excellent', 'attention', 'comparison', 'students', 'studentPages'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
/** Sections of the simple report; the full report has every section. */
export const SIMPLE_SECTIONS: readonly ReportSection[] = ['overview', 'dimensions', 'commonProblems'];

export const reportConfigBody = z.object({
  /** absent = read the stored setting */
  mode: z.enum(REPORT_MODES).optional(),
  sections: z.array(z.enum(REPORT_SECTIONS)).max(REPORT_SECTIONS.length).optional(),
});
export const reportConfig = z.object({ mode: z.enum(REPORT_MODES), sections: z.array(z.enum(REPORT_SECTIONS)) });
export type ReportConfig = z.infer<typeof reportConfig>;

export const reportDataBody = z.object({
  taskId: rowId(),
  classId: rowId(),
  mode: z.enum(REPORT_MODES).optional(),
  /** one section only (getPartReportData) */
  partType: z.enum(REPORT_SECTIONS).optional(),
});

export const reportPdfQuery = z.object({ taskId: z.coerce.number().int().positive(), classId: z.coerce.number().int().positive(), mode: z.enum(REPORT_MODES).default('full') });

const band = z.object({ band: z.string(), label: z.string(), count: z.number().int() });
/** A dimension across the class: `summary` is on the task's scale (a letter task's levels counted); the
 * 0-100 figures beside it only draw the chart and are never shown as numbers for a letter task. */
const dimension = z.object({ id: z.string(), name: z.string(), average: z.number().nullable(), spread: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), summary: scoreSummarySchema });
const studentDim = z.object({ id: z.string(), percent: z.number().nullable(), score: z.string().nullable() });

export const reportOverview = z.object({
  students: z.number().int(),
  submitted: z.number().int(),
  approved: z.number().int(),
  /** percent averages of approved essays */
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  averageWords: z.number().nullable(),
  /** the average in points of a points task; null for a letter-grade task, which is never averaged */
  averageScore: z.string().nullable(),
  scoreType: z.number().int(),
  fullMark: z.number().nullable(),
  /** the one summary on the task's scale (core/scoring/score-summary.ts): letters counted, or points */
  summary: scoreSummarySchema,
  /** grade bands on the task's scale: its levels for a letter task, the five export bands for points */
  bands: z.array(band),
  /** counts on the task's scale: ten point ranges of the full mark, or one bar per level label */
  scale: z.array(z.object({ label: z.string(), count: z.number().int() })),
});
export const reportProblem = z.object({ kind: z.enum(['wrongChar', 'punctuation']), label: z.string(), count: z.number().int(), essays: z.number().int(), examples: z.array(z.object({ text: z.string(), count: z.number().int() })) });
export const reportSentence = z.object({ studentId: rowId(), studentName: z.string(), text: z.string(), reasons: z.array(z.string()) });
export const reportExcellent = z.object({ studentId: rowId(), studentName: z.string(), essayId: rowId(), percent: z.number().nullable(), score: z.string().nullable(), excerpt: z.string() });
/** A sample essay (优秀范文, product-rules.md#sample-essays) chosen from this task in this class, whatever its status. */
export const reportSample = z.object({
  sampleId: rowId(),
  essayId: rowId(),
  studentId: rowId(),
  studentName: z.string(),
  title: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  likeCount: z.number().int(),
  publishedAt: z.string().nullable(),
});
/** `percent`/`previous` are the 0-100 figures behind the scores; `score`/`previousScore` are them as the
 * task shows them (a letter task's levels, a points task's points): what a reader is shown. */
export const reportAttention = z.object({ studentId: rowId(), studentName: z.string(), reason: z.enum(['missing', 'pending', 'low', 'dropped']), percent: z.number().nullable(), previous: z.number().nullable(), score: z.string().nullable(), previousScore: z.string().nullable() });
export const reportComparison = z.object({
  previous: z.object({ taskId: rowId(), title: z.string(), average: z.number().nullable(), approved: z.number().int() }).nullable(),
  current: z.number().nullable(),
  delta: z.number().nullable(),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), current: z.number().nullable(), previous: z.number().nullable() })),
  /** the class averages of its last approved tasks, oldest first (trend chart) */
  trend: z.array(z.object({ taskId: rowId(), title: z.string(), average: z.number().nullable() })),
});
export const reportStudent = z.object({
  studentId: rowId(),
  studentNo: z.string(),
  name: z.string(),
  /** missing | pending (handed in, not approved) | approved */
  status: z.enum(['missing', 'pending', 'approved']),
  essayId: rowId().nullable(),
  percent: z.number().nullable(),
  score: z.string().nullable(),
  band: z.string().nullable(),
  wordCount: z.number().int().nullable(),
  previous: z.number().nullable(),
  wrongChars: z.number().int(),
  dimensions: z.array(studentDim),
});
export const reportStudentPage = z.object({
  studentId: rowId(),
  name: z.string(),
  essayId: rowId(),
  score: z.string().nullable(),
  percent: z.number().nullable(),
  pages: z.array(z.object({ url: z.string(), rotation: z.number().int() })),
  teacherComment: z.string(),
  aiComment: z.string(),
  dimensions: z.array(studentDim.extend({ name: z.string() })),
  marks: z.array(z.object({ kind: z.string(), excerpt: z.string(), message: z.string() })),
});

export const classReport = z.object({
  task: z.object({ id: rowId(), title: z.string(), genre: z.string(), grade: z.number().int() }),
  class: z.object({ id: rowId(), name: z.string() }),
  mode: z.enum(REPORT_MODES),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  overview: reportOverview.optional(),
  dimensions: z.array(dimension).optional(),
  commonProblems: z.array(reportProblem).optional(),
  goodSentences: z.array(reportSentence).optional(),
  excellent: z.array(reportExcellent).optional(),
  /** with the excellent section: the task's sample essays of the class */
  samples: z.array(reportSample).optional(),
  attention: z.array(reportAttention).optional(),
  comparison: reportComparison.optional(),
  students: z.array(reportStudent).optional(),
  studentPages: z.array(reportStudentPage).optional(),
});
export type ClassReport = z.infer<typeof classReport>;
export type ReportStudent = z.infer<typeof reportStudent>;
export type ReportStudentPage = z.infer<typeof reportStudentPage>;

// Parents' report links (QR codes) and the parents' H5 report.

export const parentLinksQuery = z.object({ classId: z.coerce.number().int().positive() });
export const parentLinksBody = z.object({ classId: rowId() });
export const revokeLinkBody = z.object({ linkId: rowId() });
export const parentLink = z.object({
  studentId: rowId(),
  studentNo: z.string(),
  studentName: z.string(),
  /** null when the student has no live link (none made yet, or revoked) */
  linkId: rowId().nullable(),
  /** the path of the parents' page with the token, e.g. /teaching/h5/report?t=… */
  path: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ParentLink = z.infer<typeof parentLink>;

/** The parents' sheet: every pupil with a live link, or only those with an approved essay. */
export const PARENT_SHEET_SCOPES = ['approved', 'all'] as const;
export type ParentSheetScope = (typeof PARENT_SHEET_SCOPES)[number];
export const parentSheetQuery = z.object({ classId: rowIdParam(), scope: z.enum(PARENT_SHEET_SCOPES).default('approved') });

export const parentReportQuery = z.object({ t: z.string().min(1).max(200), taskId: z.coerce.number().int().positive().optional() });
const parentDim = z.object({ id: z.string(), name: z.string(), percent: z.number().nullable(), score: z.string().nullable(), classAverage: z.number().nullable() });
export const parentReport = z.object({
  student: z.object({ name: z.string(), className: z.string() }),
  expiresAt: z.string(),
  /** the student's approved essays, oldest first, with the class average of each (never classmates' names or scores) */
  trend: z.array(z.object({ taskId: rowId(), title: z.string(), percent: z.number().nullable(), classAverage: z.number().nullable() })),
  current: z
    .object({
      taskId: rowId(),
      title: z.string(),
      score: z.string().nullable(),
      percent: z.number().nullable(),
      /** the class percent average (points tasks only: a letter task is never averaged; null then) */
      classAverage: z.number().nullable(),
      /** the class on the task's scale, as the report shows it: letters counted, or points */
      classSummary: scoreSummarySchema,
      dimensions: z.array(parentDim),
      strengths: z.array(z.string()),
      nextSteps: z.array(z.string()),
      /** the teacher's approved comment: shown first, it is the verdict */
      teacherComment: z.string(),
      /** the AI's comment without its own verdict (综合评定), so it never contradicts the teacher's grade */
      aiComment: z.string(),
      /** the essay's text (the teacher's corrected transcript when there is one): the pupil picks a sentence of it for 升格 suggestions */
      transcript: z.string().nullable(),
      pages: z.array(z.object({ url: z.string(), rotation: z.number().int() })),
    })
    .nullable(),
});
export type ParentReport = z.infer<typeof parentReport>;
