import { and, asc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, classes, growthEntries, growthRecords, semesters, students } from '../db/schema';
import { excellentSampleCount } from './excellent-sample-counts';
import { preparedPerDatabase } from './prepared-per-database';

// The growth profile's reads (studentGrowing/single, opened student after student) as named statements
// prepared once per database; growthRepo answers through them. Optional filters are placeholders that
// may be null, so one statement serves a teacher and a headmaster.

const ph = {
  schoolId: sql`${sql.placeholder('schoolId')}::int`,
  studentId: sql`${sql.placeholder('studentId')}::int`,
  semesterId: sql`${sql.placeholder('semesterId')}::int`,
  teacher: sql`${sql.placeholder('teacher')}::int`,
};

/**
 * Essays a student handed in during a semester: every live essay (revised drafts included) on the tasks
 * of that semester (the task's semester, else the class's, as the entries), whatever its status. Before, this counted approved essays only, so a
 * pupil whose essays waited for review (or were flagged) showed 0 handed in.
 */
export function handedInCount(studentId: SQL, semesterId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from essays e join classes ec on ec.id = e.class_id join tasks et on et.id = e.task_id
    where e.student_id = ${studentId} and e.deleted_at is null and et.deleted_at is null and coalesce(et.semester_id, ec.semester_id) = ${semesterId})`;
}

/** The profile's student query (placeholders schoolId, studentId, teacher); exported for the EXPLAIN tests. */
export const growthStudentQuery = (db: Executor) =>
  db
    .select({ s: students, className: classes.name, grade: classes.grade, classSemesterId: classes.semesterId, campusName: campuses.name, semester: semesters })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(campuses, eq(campuses.id, classes.campusId))
    .leftJoin(semesters, eq(semesters.id, classes.semesterId))
    .where(
      and(
        eq(students.id, ph.studentId),
        eq(students.schoolId, ph.schoolId),
        isNull(students.deletedAt),
        isNull(classes.deletedAt),
        // classesRepo's taughtBy, for a scoped teacher only
        sql`(${ph.teacher} is null or "classes"."main_teacher_id" = ${ph.teacher} or exists (select 1 from class_teachers ct where ct.class_id = "classes"."id" and ct.identity_id = ${ph.teacher}))`,
      ),
    );

/** The record and essay-count query (placeholders studentId, semesterId); exported for the EXPLAIN tests. */
export const growthRecordQuery = (db: Executor) =>
  db
    .select({
      r: growthRecords,
      excellentCount: excellentSampleCount(sql`${growthRecords.studentId}`, sql`${growthRecords.semesterId}`),
    })
    .from(growthRecords)
    .where(and(eq(growthRecords.studentId, ph.studentId), eq(growthRecords.semesterId, ph.semesterId)));

/** The scored entries query (placeholders studentIds as an int[] literal, semesterId); exported for the EXPLAIN tests. */
export const growthScoredQuery = (db: Executor) =>
  db
    .select({ studentId: growthEntries.studentId, taskId: growthEntries.taskId, scorePercent: sql<number>`${growthEntries.scorePercent}` })
    .from(growthEntries)
    .where(and(sql`${growthEntries.studentId} = any(${sql.placeholder('studentIds')}::int[])`, eq(growthEntries.semesterId, ph.semesterId), isNotNull(growthEntries.scorePercent)))
    .orderBy(asc(growthEntries.submittedAt), asc(growthEntries.essayId));

const { transcript: _t, ...entryColumns } = getTableColumns(growthEntries);

export const growthStatements = {
  student: preparedPerDatabase((db: Executor) => growthStudentQuery(db).prepare('zp_growth_student')),
  record: preparedPerDatabase((db: Executor) => growthRecordQuery(db).prepare('zp_growth_record')),
  handedIn: preparedPerDatabase((db: Executor) => db.select({ n: handedInCount(ph.studentId, ph.semesterId) }).from(sql`(select 1) as one`).prepare('zp_growth_handed_in')),
  scored: preparedPerDatabase((db: Executor) => growthScoredQuery(db).prepare('zp_growth_scored')),
  entries: preparedPerDatabase((db: Executor) =>
    db
      .select(entryColumns)
      .from(growthEntries)
      .where(and(eq(growthEntries.studentId, ph.studentId), eq(growthEntries.semesterId, ph.semesterId)))
      .orderBy(asc(growthEntries.submittedAt), asc(growthEntries.draft), asc(growthEntries.essayId))
      .prepare('zp_growth_entries'),
  ),
  semester: preparedPerDatabase((db: Executor) =>
    db.select().from(semesters).where(and(eq(semesters.id, ph.semesterId), eq(semesters.schoolId, ph.schoolId))).prepare('zp_growth_semester'),
  ),
  currentSemester: preparedPerDatabase((db: Executor) =>
    db
      .select()
      .from(semesters)
      .where(eq(semesters.schoolId, ph.schoolId))
      .orderBy(sql`${semesters.isCurrent} desc, ${semesters.year} desc, ${semesters.term} desc`)
      .limit(1)
      .prepare('zp_growth_current_semester'),
  ),
};
