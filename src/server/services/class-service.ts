import { randomInt } from 'node:crypto';
import type { Lang } from '../../core/i18n';
import type { ClassBody } from '../../core/api/contracts/classes';
import type { Executor } from '../db/database';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { classesRepo, type ClassFilter, type ClassViewRow, type SemesterRow } from '../repositories/classes';
import { gradeLabel } from '../../core/domain/grades';
import { can, isScopedTeacher, requireAny, requireClassRead } from './access';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';

export const gradeName = gradeLabel;
export const semesterIdString = (s: { id: number; year: number; term: number }) => `${s.id}_${s.year}_${s.term}`;
/** Numeric id from a semester reference (`id_year_term` string or the bare id). */
export const semesterNumericId = (ref: string | number) => (typeof ref === 'number' ? ref : Number(ref.split('_')[0]));
export const iso = (d: Date) => d.toISOString();

export function semesterView(s: SemesterRow, lang: Lang) {
  return { id: s.id, semesterId: semesterIdString(s), year: s.year, term: s.term, name: lang === 'en' ? s.nameEn : s.nameZh, startDate: s.startDate, endDate: s.endDate, isCurrent: s.isCurrent };
}

/** Filter of the classes the caller can see: the school, and for a teacher only the classes they teach. */
export function visibleClasses(auth: AuthContext): ClassFilter {
  return { schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) };
}

// Class codes avoid look-alike characters (0/O, 1/I/L) so students can type them.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export async function newClassCode(db: Executor): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    if (!(await classesRepo.codeExists(db, code))) return code;
  }
  throw new Error('could not find a free class code');
}

/** Classes: who may see and change which class, and the views the class page shows. */
export function classService(deps: ServiceDeps) {
  const db = deps.db;

  async function views(auth: AuthContext, rows: ClassViewRow[], lang: Lang) {
    const teachers = await classesRepo.teachersOf(db, rows.map((r) => r.cls.id));
    return rows.map((r) => {
      const bound = teachers.get(r.cls.id) ?? [];
      const teaches = r.cls.mainTeacherId === auth.identity.id || bound.some((t) => t.id === auth.identity.id);
      return {
        id: r.cls.id,
        name: r.cls.name,
        campusId: r.cls.campusId,
        campusName: r.campusName,
        semesterId: semesterIdString({ id: r.cls.semesterId, year: r.semesterYear, term: r.semesterTerm }),
        semesterName: lang === 'en' ? r.semesterNameEn : r.semesterNameZh,
        grade: r.cls.grade,
        gradeName: gradeName(r.cls.grade, lang),
        mainTeacherId: r.cls.mainTeacherId,
        mainTeacherName: r.mainTeacherName,
        teachers: bound,
        studentCount: r.studentCount,
        classDate: r.cls.classDate,
        startTime: r.cls.startTime,
        endTime: r.cls.endTime,
        classCode: r.cls.classCode,
        source: r.cls.source as 'zhipi' | 'sync',
        canEdit: can(auth, 'class', 'edit') && (!isScopedTeacher(auth) || teaches),
        createdTime: iso(r.cls.createdAt),
      };
    });
  }

  /** A class the caller can see, or 404 (another school's or another teacher's class does not exist for them). */
  async function visible(auth: AuthContext, id: number): Promise<ClassViewRow> {
    requireClassRead(auth);
    const row = await classesRepo.find(db, { ...visibleClasses(auth), id });
    if (!row) throw notFound();
    return row;
  }

  /** A class the caller may change with `action`, or 403/404. */
  async function writable(auth: AuthContext, id: number, action: 'add' | 'edit' | 'delete'): Promise<ClassViewRow> {
    requireAny(auth, ['class', action]);
    const row = await classesRepo.find(db, { schoolId: auth.school.id, id });
    if (!row) throw notFound();
    if (isScopedTeacher(auth) && !(await classesRepo.find(db, { ...visibleClasses(auth), id }))) throw forbidden();
    return row;
  }

  /** Checks a class form against the school's campuses, semesters and teachers. */
  async function checkForm(auth: AuthContext, body: ClassBody, exceptId?: number) {
    const schoolId = auth.school.id;
    if (!(await classesRepo.campus(db, schoolId, body.campusId))) throw badRequest('VALIDATION', 'class.campusRequired');
    const semester = await classesRepo.semester(db, schoolId, semesterNumericId(body.semesterId));
    if (!semester) throw badRequest('VALIDATION', 'class.semesterRequired');
    const [teacher] = await classesRepo.teachers(db, schoolId, { ids: [body.mainTeacherId], roleIds: [2, 3] });
    if (!teacher) throw badRequest('TEACHER_UNKNOWN', 'class.teacherUnknown');
    if (await classesRepo.nameTaken(db, schoolId, body.campusId, semester.id, body.name, exceptId)) {
      throw badRequest('CLASS_NAME_TAKEN', 'class.nameTaken', { name: body.name });
    }
    return { semester };
  }

  return {
    visible,
    writable,
    views,
    async view(auth: AuthContext, id: number, lang: Lang) {
      return (await views(auth, [await visible(auth, id)], lang))[0]!;
    },
    async add(auth: AuthContext, body: ClassBody, lang: Lang) {
      requireAny(auth, ['class', 'add']);
      const { semester } = await checkForm(auth, body);
      const id = await db.transaction(async (tx) => {
        const row = await classesRepo.insert(tx, {
          schoolId: auth.school.id,
          campusId: body.campusId,
          semesterId: semester.id,
          name: body.name,
          grade: body.grade,
          mainTeacherId: body.mainTeacherId,
          classDate: body.classDate ?? null,
          startTime: body.startTime ?? null,
          endTime: body.endTime ?? null,
          classCode: await newClassCode(tx),
        });
        // A teacher who creates a class for a colleague stays bound to it.
        if (isScopedTeacher(auth) && body.mainTeacherId !== auth.identity.id) await classesRepo.bind(tx, row.id, [auth.identity.id]);
        return row.id;
      });
      return this.view(auth, id, lang);
    },
    async update(auth: AuthContext, id: number, body: ClassBody, lang: Lang) {
      await writable(auth, id, 'edit');
      const { semester } = await checkForm(auth, body, id);
      await classesRepo.update(db, id, {
        campusId: body.campusId,
        semesterId: semester.id,
        name: body.name,
        grade: body.grade,
        mainTeacherId: body.mainTeacherId,
        classDate: body.classDate ?? null,
        startTime: body.startTime ?? null,
        endTime: body.endTime ?? null,
      });
      return this.view(auth, id, lang);
    },
    async remove(auth: AuthContext, id: number) {
      await writable(auth, id, 'delete');
      await classesRepo.softDelete(db, id, deps.now());
      return { deleted: 1 };
    },
    async bind(auth: AuthContext, classId: number, teacherIds: number[], lang: Lang) {
      await writable(auth, classId, 'edit');
      const found = await classesRepo.teachers(db, auth.school.id, { ids: teacherIds, roleIds: [2, 3] });
      if (found.length !== new Set(teacherIds).size) throw badRequest('TEACHER_UNKNOWN', 'class.teacherUnknown');
      await classesRepo.bind(db, classId, teacherIds);
      return this.view(auth, classId, lang);
    },
    async relieve(auth: AuthContext, classId: number, teacherId: number, lang: Lang) {
      await writable(auth, classId, 'edit');
      if ((await classesRepo.relieve(db, classId, teacherId)) === 0) throw new AppError(404, 'NOT_FOUND', 'error.notFound');
      // A teacher who unbinds themself no longer sees the class.
      const still = await classesRepo.find(db, { ...visibleClasses(auth), id: classId });
      return still ? (await views(auth, [still], lang))[0]! : null;
    },
  };
}
export type ClassService = ReturnType<typeof classService>;
