import { z } from 'zod';
import { option, pageQuery } from './paging';

/**
 * Classes, semesters, campuses, teachers and the headmaster's basic-data maintenance (product-rules.md#classes-and-tasks).
 * Error messages of required fields are catalogue keys (product-rules.md#validation); the server answers them translated.
 */

/** Semester id string of product-rules.md#entities: `semesterId_year_schoolTerm`, e.g. `3_2025_1`. */
export const semesterIdString = z.string().regex(/^\d+_\d{4}_[12]$/);
/** A semester reference in a request: the id string, or the bare numeric id. */
export const semesterRef = z.union([z.number().int().positive(), z.string().regex(/^\d+(_\d{4}_[12])?$/)], { error: 'class.semesterRequired' });

export const semester = z.object({
  id: z.number().int(),
  /** `id_year_term` (product-rules.md#entities). */
  semesterId: semesterIdString,
  year: z.number().int(),
  term: z.number().int().min(1).max(2),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
});
export type Semester = z.infer<typeof semester>;
export const schoolTerm = z.object({ value: z.number().int(), label: z.string() });

export const classTeacher = z.object({ id: z.number().int(), name: z.string() });

export const classItem = z.object({
  id: z.number().int(),
  name: z.string(),
  campusId: z.number().int(),
  campusName: z.string(),
  semesterId: semesterIdString,
  semesterName: z.string(),
  grade: z.number().int(),
  gradeName: z.string(),
  mainTeacherId: z.number().int().nullable(),
  mainTeacherName: z.string().nullable(),
  /** Teachers bound besides the main teacher. */
  teachers: z.array(classTeacher),
  studentCount: z.number().int(),
  classDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  classCode: z.string(),
  source: z.enum(['zhipi', 'sync']),
  /** The caller may edit or delete the class. */
  canEdit: z.boolean(),
  createdTime: z.string(),
});
export type ClassItem = z.infer<typeof classItem>;

export const classListQuery = pageQuery.extend({
  campusId: z.coerce.number().int().positive().optional(),
  semesterId: semesterRef.optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
  name: z.string().trim().max(50).optional(),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const classBody = z.object({
  name: z.string({ error: 'class.nameRequired' }).trim().min(1, { error: 'class.nameRequired' }).max(50),
  campusId: z.number({ error: 'class.campusRequired' }).int().positive({ error: 'class.campusRequired' }),
  grade: z.number({ error: 'class.gradeRequired' }).int().min(1, { error: 'class.gradeRequired' }).max(12, { error: 'class.gradeRequired' }),
  mainTeacherId: z.number({ error: 'class.mainTeacherRequired' }).int().positive({ error: 'class.mainTeacherRequired' }),
  semesterId: semesterRef,
  classDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
  startTime: time.nullish(),
  endTime: time.nullish(),
});
export type ClassBody = z.infer<typeof classBody>;
export const classUpdateBody = classBody.extend({ id: z.number().int().positive() });

export const classesByCampusQuery = z.object({
  campusId: z.coerce.number().int().positive().optional(),
  semesterId: semesterRef.optional(),
});
export const classBrief = z.object({ id: z.number().int(), name: z.string(), grade: z.number().int(), campusId: z.number().int(), studentCount: z.number().int() });

export const loginQrCodeQuery = z.object({ lcwProgram: z.coerce.number().int().min(0).max(1).optional() });
export const loginQrCode = z.object({
  classId: z.number().int(),
  className: z.string(),
  classCode: z.string(),
  /** What the QR code encodes: the H5 student join page with the class code. */
  url: z.string(),
  lcwProgram: z.boolean(),
});

export const bindingBody = z.object({ classId: z.number().int().positive(), teacherIds: z.array(z.number().int().positive()).min(1).max(50) });
export const relieveBody = z.object({ classId: z.number().int().positive(), teacherId: z.number().int().positive() });

export const schoolIdQuery = z.object({ schoolId: z.coerce.number().int().positive().optional() });
/** Grade with the number of (live) classes of the school in it. */
export const gradeItem = option.extend({ classCount: z.number().int() });

export const teacherItem = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  campusId: z.number().int().nullable(),
  campusName: z.string().nullable(),
  classCount: z.number().int(),
});
export type TeacherItem = z.infer<typeof teacherItem>;
export const teacherListQuery = z.object({
  campusId: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(50).optional(),
  /** Only teachers (role 2), the default, or every identity of the school. */
  all: z.coerce.number().int().min(0).max(1).optional(),
});
export const roleItem = z.object({ id: z.number().int(), name: z.string() });

export const campusItem = z.object({ id: z.number().int(), name: z.string(), classCount: z.number().int() });
export const campusByTeacherQuery = z.object({ teacherId: z.coerce.number().int().positive().optional() });

// headmaster basic-data maintenance (/teachingAdmin/foundation)
export const campusBody = z.object({ name: z.string({ error: 'foundation.campusNameRequired' }).trim().min(1, { error: 'foundation.campusNameRequired' }).max(50) });
export const campusUpdateBody = campusBody.extend({ id: z.number().int().positive() });
export const semesterBody = z.object({
  year: z.number().int().min(2000).max(2100),
  term: z.number().int().min(1).max(2),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  isCurrent: z.boolean().default(false),
});
export const semesterUpdateBody = semesterBody.extend({ id: z.number().int().positive() });
export const teacherBody = z.object({
  username: z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9_.-]+$/),
  realname: z.string().trim().min(1).max(30),
  phone: z.string().regex(/^1\d{10}$/, { error: 'auth.phoneInvalid' }),
  campusId: z.number().int().positive().optional(),
  /** 2 teacher (default), 3 class staff. */
  roleId: z.union([z.literal(2), z.literal(3)]).default(2),
});
/** The new account's one-time password, shown once; it must be changed at first sign-in. */
export const teacherCreated = z.object({ teacher: teacherItem, initialPassword: z.string() });
export const teacherUpdateBody = z.object({ id: z.number().int().positive(), realname: z.string().trim().min(1).max(30), campusId: z.number().int().positive().nullable() });

// class sync (basic-data platform)
export const syncNames = z.object({ created: z.array(z.string()), updated: z.array(z.string()), removed: z.array(z.string()) });
export const syncReport = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  source: z.string(),
  classes: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), removed: z.number().int() }),
  students: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), removed: z.number().int() }),
  /** Class names per change, and student names as "class / name". */
  names: z.object({ classes: syncNames, students: syncNames }),
  /** Classes created in zhipi, which the sync never touches. */
  manualClassesUntouched: z.number().int(),
});
export type SyncReport = z.infer<typeof syncReport>;
export const lastSync = z.object({ report: syncReport.nullable(), configured: z.boolean() });
