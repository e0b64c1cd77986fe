import { z } from 'zod';
import { pageQuery } from './paging';

/** Students, parents, roster import and textbook binding (/class/student, /class/ParentManagement, /class/bind). */

/** Student id: 1 to 4 digits (product-rules.md#entities, #limits). */
export const studentNo = z
  .string({ error: 'student.noRequired' })
  .trim()
  .min(1, { error: 'student.noRequired' })
  .regex(/^\d{1,4}$/, { error: 'student.noInvalid' });
const phone = z.string().trim().regex(/^1\d{10}$/, { error: 'student.phoneInvalid' });

export const student = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  name: z.string(),
  /** 1 male, 2 female, 0 not given. */
  gender: z.number().int(),
  studentNo: z.string(),
  identificationNo: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(['zhipi', 'sync']),
  createdTime: z.string(),
  /** The student's own code for the H5 pages (学生码), in the class list for the class's teachers. */
  h5Code: z.string().optional(),
});
export type Student = z.infer<typeof student>;

export const studentListQuery = pageQuery.extend({
  classId: z.coerce.number().int().positive(),
  name: z.string().trim().max(50).optional(),
});
export const studentBody = z.object({
  classId: z.number().int().positive(),
  name: z.string({ error: 'student.nameRequired' }).trim().min(1, { error: 'student.nameRequired' }).max(30),
  gender: z.number().int().min(0).max(2).default(0),
  studentNo,
  identificationNo: z.string().trim().max(32).nullish(),
  phone: phone.nullish().or(z.literal('')),
});
export type StudentBody = z.infer<typeof studentBody>;
export const studentUpdateBody = studentBody.omit({ classId: true }).extend({ id: z.number().int().positive() });
export const studentDelQuery = z.object({ ids: z.string().regex(/^\d+(,\d+)*$/) });
export const studentMoveBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200), toClassId: z.number().int().positive() });

// roster import: preview (per-row report) then commit (applies valid rows in one transaction)
/** JSON form of the upload (the multipart form sends `classId` and a `file` field instead). */
/** The class a roster preview is for, named in the query so it is checked before the file is read. */
export const importPreviewQuery = z.object({ classId: z.coerce.number().int().positive() });
export const importPreviewBody = z.object({
  classId: z.number().int().positive(),
  fileName: z.string().min(1).max(200),
  contentBase64: z.string().min(1),
});
export const importRowInput = z.object({
  name: z.string(),
  gender: z.number().int().min(0).max(2),
  studentNo: z.string(),
  identificationNo: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ImportRowInput = z.infer<typeof importRowInput>;
export const importRowError = z.object({ field: z.string(), code: z.string(), message: z.string() });
export const importRow = importRowInput.extend({
  /** Line in the file (the header is line 1). */
  line: z.number().int(),
  status: z.enum(['ok', 'error']),
  errors: z.array(importRowError),
});
export type ImportRow = z.infer<typeof importRow>;
export const importPreview = z.object({
  classId: z.number().int(),
  fileName: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(importRow),
});
export const importCommitBody = z.object({ classId: z.number().int().positive(), rows: z.array(importRowInput.extend({ line: z.number().int() })).min(1).max(2000) });
export const importCommitResult = z.object({ created: z.number().int(), skipped: z.number().int(), errors: z.array(importRow) });

export const parent = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  studentNo: z.string(),
  classId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  relation: z.string(),
  createdTime: z.string(),
});
export const parentListQuery = pageQuery.extend({ classId: z.coerce.number().int().positive(), name: z.string().trim().max(50).optional() });
export const parentBody = z.object({
  studentId: z.number().int().positive(),
  name: z.string({ error: 'parent.nameRequired' }).trim().min(1, { error: 'parent.nameRequired' }).max(30),
  phone: z.string({ error: 'student.phoneInvalid' }).trim().regex(/^1\d{10}$/, { error: 'student.phoneInvalid' }),
  relation: z.string({ error: 'parent.relationRequired' }).trim().min(1, { error: 'parent.relationRequired' }).max(10),
});
export const parentUpdateBody = parentBody.omit({ studentId: true }).extend({ id: z.number().int().positive() });

export const textbook = z.object({ id: z.number().int(), name: z.string(), publisher: z.string(), subject: z.string(), grade: z.number().int(), term: z.number().int() });
export const textbookListQuery = z.object({ grade: z.coerce.number().int().min(1).max(12).optional() });
export const classIdQuery = z.object({ classId: z.coerce.number().int().positive() });
/** Replaces the class's bound textbooks with this set (an empty list unbinds all). */
export const textbookBindBody = z.object({ classId: z.number().int().positive(), textbookIds: z.array(z.number().int().positive()).max(50) });
