import { z } from 'zod';
import { pageQuery, paged, rowId, rowIdParam } from './paging';

/**
 * Etiquette test (礼仪测试, /lcwAts, product-rules.md#audience/#screens): a school question bank (single and multiple choice,
 * true/false, short answer), tests built from it for classes, answered by students on the phone from
 * the class login QR (lcwProgram=1), scored on the server, short answers marked by the teacher.
 * Zod messages that are catalogue keys reach the user translated (zh/en).
 */
export const LCW_KINDS = ['single', 'multiple', 'judge', 'short'] as const;
export type LcwKind = (typeof LCW_KINDS)[number];
export const LCW_MAX_OPTIONS = 6;
export const LCW_MAX_QUESTIONS = 100;
export const LCW_MAX_POINTS = 100;
/** Largest question-bank import: bytes of the xlsx, and lines. */
export const LCW_IMPORT_MAX_BYTES = 1024 * 1024;
export const LCW_IMPORT_MAX_ROWS = 500;

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

export const questionBody = z
  .object({
    kind: z.enum(LCW_KINDS, { message: 'lcw.kindInvalid' }),
    stem: text(500, 'lcw.stemTooLong').min(1, 'lcw.stemRequired'),
    options: z.array(text(200, 'lcw.optionTooLong').min(1, 'lcw.optionBlank')).max(LCW_MAX_OPTIONS, 'lcw.optionsTooMany').default([]),
    /** option indexes (single: one, multiple: at least two right), judge: [1] true / [0] false, short: [] */
    answer: z.array(z.number().int().min(0).max(LCW_MAX_OPTIONS - 1)).max(LCW_MAX_OPTIONS).default([]),
    explanation: text(1000, 'lcw.explanationTooLong').default(''),
    points: z.number({ message: 'lcw.pointsInvalid' }).int('lcw.pointsInvalid').min(1, 'lcw.pointsInvalid').max(LCW_MAX_POINTS, 'lcw.pointsInvalid').default(5),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['answer'] });
    if (q.kind === 'single' || q.kind === 'multiple') {
      if (q.options.length < 2) return ctx.addIssue({ code: 'custom', message: 'lcw.optionsTooFew', path: ['options'] });
      if (new Set(q.answer).size !== q.answer.length || q.answer.some((i) => i >= q.options.length)) return issue('lcw.answerInvalid');
      // no answer at all is a missing answer, not one too many
      if (q.kind === 'single' && q.answer.length === 0) return issue('lcw.singleNoAnswer');
      if (q.kind === 'single' && q.answer.length !== 1) return issue('lcw.singleOneAnswer');
      if (q.kind === 'multiple' && q.answer.length < 2) return issue('lcw.multipleTwoAnswers');
    } else if (q.kind === 'judge') {
      if (q.answer.length !== 1 || q.answer[0]! > 1) return issue('lcw.judgeAnswer');
      if (q.options.length) return ctx.addIssue({ code: 'custom', message: 'lcw.noOptions', path: ['options'] });
    } else if (q.options.length || q.answer.length) return issue('lcw.shortNoChoices');
  });
export type QuestionBody = z.infer<typeof questionBody>;

export const question = z.object({
  id: z.number().int(),
  kind: z.enum(LCW_KINDS),
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.array(z.number().int()),
  explanation: z.string(),
  points: z.number().int(),
  createdByName: z.string(),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof question>;

export const questionQuery = pageQuery.extend({
  kind: z.enum(LCW_KINDS).optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type QuestionQuery = z.infer<typeof questionQuery>;
export const questionPage = paged(question);

export const importBody = z.object({ fileName: z.string().max(200), contentBase64: z.string().max(Math.ceil((LCW_IMPORT_MAX_BYTES * 4) / 3) + 8, 'lcw.importTooLarge') });
export const importResult = z.object({
  imported: z.number().int(),
  /** lines refused, with the reason in the caller's language */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;

export const testBody = z
  .object({
    title: text(60, 'lcw.titleTooLong').min(1, 'lcw.titleRequired'),
    description: text(500, 'lcw.descriptionTooLong').default(''),
    startsAt: z.string().datetime({ offset: true, message: 'lcw.timeInvalid' }).nullable().default(null),
    deadline: z.string({ message: 'lcw.deadlineRequired' }).datetime({ offset: true, message: 'lcw.timeInvalid' }),
    classIds: z.array(rowId()).min(1, 'lcw.classesRequired').max(50),
    questions: z
      .array(z.object({ questionId: rowId(), points: z.number().int().min(1, 'lcw.pointsInvalid').max(LCW_MAX_POINTS, 'lcw.pointsInvalid').optional() }))
      .min(1, 'lcw.questionsRequired')
      .max(LCW_MAX_QUESTIONS, 'lcw.questionsTooMany'),
    publish: z.boolean().default(false),
  })
  .refine((b) => !b.startsAt || new Date(b.startsAt) < new Date(b.deadline), { message: 'lcw.deadlineBeforeStart', path: ['deadline'] });
export type TestBody = z.infer<typeof testBody>;

export const testListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['draft', 'published']),
  startsAt: z.string().nullable(),
  deadline: z.string(),
  open: z.boolean(),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  questionCount: z.number().int(),
  totalPoints: z.number().int(),
  studentCount: z.number().int(),
  submittedCount: z.number().int(),
  pendingMarking: z.number().int(),
  averageScore: z.number().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TestListItem = z.infer<typeof testListItem>;
export const testQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional(), classId: rowIdParam().optional() });
export const testPage = paged(testListItem);

export const testQuestion = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(LCW_KINDS),
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.array(z.number().int()),
  explanation: z.string(),
  points: z.number().int(),
});
export type TestQuestion = z.infer<typeof testQuestion>;
export const testDetail = testListItem.extend({ description: z.string(), questions: z.array(testQuestion) });
export type TestDetail = z.infer<typeof testDetail>;

export const testResults = z.object({
  test: testListItem,
  questions: z.array(
    testQuestion.extend({
      answered: z.number().int(),
      /** share of full points earned (0–1): 1 = everyone right; null = none scored yet */
      scoreRate: z.number().nullable(),
      /** 易 easy ≥ 0.8, 中 medium ≥ 0.5, 难 hard below */
      difficulty: z.enum(['easy', 'medium', 'hard']).nullable(),
      /** how many chose each option (choice and judge) */
      optionCounts: z.array(z.number().int()),
      pending: z.number().int(),
    }),
  ),
  students: z.array(
    z.object({
      studentId: z.number().int(),
      name: z.string(),
      studentNo: z.string(),
      className: z.string(),
      submissionId: z.number().int().nullable(),
      submittedAt: z.string().nullable(),
      score: z.number().int().nullable(),
      pending: z.number().int(),
    }),
  ),
});
export type TestResults = z.infer<typeof testResults>;

export const submissionDetail = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  studentName: z.string(),
  className: z.string(),
  submittedAt: z.string(),
  score: z.number().int(),
  totalPoints: z.number().int(),
  pending: z.number().int(),
  answers: z.array(
    z.object({
      id: z.number().int(),
      testQuestionId: z.number().int(),
      position: z.number().int(),
      kind: z.enum(LCW_KINDS),
      stem: z.string(),
      options: z.array(z.string()),
      rightAnswer: z.array(z.number().int()),
      explanation: z.string(),
      points: z.number().int(),
      choice: z.array(z.number().int()),
      text: z.string(),
      correct: z.boolean().nullable(),
      score: z.number().int().nullable(),
      teacherComment: z.string(),
    }),
  ),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const markingQuery = z.object({ testId: rowIdParam(), onlyPending: z.coerce.number().int().min(0).max(1).default(1) });
export const markingItem = z.object({
  answerId: z.number().int(),
  testQuestionId: z.number().int(),
  position: z.number().int(),
  stem: z.string(),
  explanation: z.string(),
  points: z.number().int(),
  studentName: z.string(),
  className: z.string(),
  text: z.string(),
  score: z.number().int().nullable(),
  teacherComment: z.string(),
});
export type MarkingItem = z.infer<typeof markingItem>;
export const markBody = z.object({
  answerId: rowId(),
  score: z.number({ message: 'lcw.markScoreInvalid' }).int('lcw.markScoreInvalid').min(0, 'lcw.markScoreInvalid'),
  comment: text(300, 'lcw.commentTooLong').default(''),
});

export const lcwClass = z.object({ id: z.number().int(), name: z.string(), grade: z.number().int(), studentCount: z.number().int() });

// ---- the students' phone (public: class code + student + the student's own code) ----

export const h5LcwClassBody = z.object({ classCode: z.string().trim().min(1).max(16) });
export const h5LcwClass = z.object({
  className: z.string(),
  schoolName: z.string(),
  tests: z.array(z.object({ id: z.number().int(), title: z.string(), deadline: z.string(), questionCount: z.number().int(), totalPoints: z.number().int(), closed: z.boolean() })),
  students: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
const who = { classCode: z.string().trim().min(1).max(16), studentId: rowId(), studentCode: z.string().trim().min(1, 'h5.studentCodeRequired').max(16) };
export const h5LcwTestBody = z.object({ ...who, testId: rowId() });
export const h5LcwTest = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  deadline: z.string(),
  closed: z.boolean(),
  totalPoints: z.number().int(),
  questions: z.array(z.object({ id: z.number().int(), position: z.number().int(), kind: z.enum(LCW_KINDS), stem: z.string(), options: z.array(z.string()), points: z.number().int() })),
  /** the student's submission, once sent; right answers only after the deadline */
  submission: z
    .object({
      submittedAt: z.string(),
      score: z.number().int(),
      pending: z.number().int(),
      answers: z.array(z.object({ testQuestionId: z.number().int(), choice: z.array(z.number().int()), text: z.string(), correct: z.boolean().nullable(), score: z.number().int().nullable(), rightAnswer: z.array(z.number().int()).nullable(), explanation: z.string().nullable(), teacherComment: z.string() })),
    })
    .nullable(),
});
export type H5LcwTest = z.infer<typeof h5LcwTest>;
export const h5LcwSubmitBody = z.object({
  ...who,
  testId: rowId(),
  answers: z.array(z.object({ testQuestionId: rowId(), choice: z.array(z.number().int().min(0).max(LCW_MAX_OPTIONS - 1)).max(LCW_MAX_OPTIONS).default([]), text: z.string().max(1000, 'lcw.answerTooLong').default('') })).max(LCW_MAX_QUESTIONS),
});
