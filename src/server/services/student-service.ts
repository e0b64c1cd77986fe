import type { Lang, MessageKey } from '../../core/i18n';
import { translate } from '../../core/i18n';
import type { ImportRow, ImportRowInput, StudentBody } from '../../core/api/contracts/students';
import type { Executor } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import type { ErrorCode } from '../../core/api/error-codes';
import { studentsRepo, type StudentRow } from '../repositories/students';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import type { ClassService } from './class-service';
import type { ServiceDeps } from './deps';
import { MAX_IMPORT_ROWS } from './roster/parse-roster';
import { sharedRateLimit } from './security/shared-rate-limit';
import { rosterImportGate } from './roster/roster-import-gate';
import { schoolLease } from './school-lease';
import { parseRosterOffThread } from './roster/parse-roster-off-thread';
import { studentCode, studentTriesPrefix } from './security/student-code';
import { studentCodesRepo } from '../repositories/student-codes';
import { isUniqueViolation } from '../db/pg-errors';

const STUDENT_NO = /^\d{1,4}$/;
const PHONE = /^1\d{10}$/;
const iso = (d: Date) => d.toISOString();


/** Why a roster file was refused: the code the client sees and the message. */
const IMPORT_REFUSALS = {
  unreadable: ['IMPORT_UNREADABLE', 'import.unreadable'],
  noHeader: ['IMPORT_NOHEADER', 'import.noHeader'],
  empty: ['IMPORT_EMPTY', 'import.empty'],
  tooMany: ['IMPORT_TOOMANY', 'import.tooManyRows'],
  tooLarge: ['IMPORT_TOOLARGE', 'import.tooLarge'],
} as const satisfies Record<string, readonly [ErrorCode, MessageKey]>;

export function studentView(r: { s: StudentRow; className: string }) {
  return {
    id: r.s.id,
    classId: r.s.classId,
    className: r.className,
    name: r.s.name,
    gender: r.s.gender,
    studentNo: r.s.studentNo,
    identificationNo: r.s.identificationNo,
    phone: r.s.phone,
    source: r.s.source as 'zhipi' | 'sync',
    createdTime: iso(r.s.createdAt),
  };
}

/** Unique-index violation (duplicate student id or identification number raced in). */

/** Students, parents, textbook binding and roster import, inside the classes the caller may see. */
export function studentService(deps: ServiceDeps, classes: ClassService) {
  const db = deps.db;
  // One roster read per school at a time across every server process; longer than a read may take
  // (two in line and its own, 15 s each), so a process that dies holding it frees the school soon.
  const rosterLock = schoolLease(db, 'roster-import', 2 * 60_000, deps.now);

  async function checkUnique(tx: Executor, schoolId: number, classId: number, studentNo: string, identificationNo: string | null | undefined, exceptId?: number) {
    const inClass = await studentsRepo.inClass(tx, classId);
    if (inClass.some((s) => s.studentNo === studentNo && s.id !== exceptId)) throw badRequest('STUDENT_NO_TAKEN', 'student.noTaken', { no: studentNo });
    if (identificationNo) {
      const taken = await studentsRepo.identTaken(tx, schoolId, [identificationNo]);
      const owner = taken.get(identificationNo);
      if (owner !== undefined && owner !== exceptId) throw badRequest('IDENT_TAKEN', 'student.identTaken', { no: identificationNo });
    }
  }

  /** Validates roster rows against each other and the class; returns each row with its status. */
  async function validateRows(tx: Executor, schoolId: number, classId: number, rows: (ImportRowInput & { line: number; genderText?: string })[], lang: Lang): Promise<ImportRow[]> {
    const existing = await studentsRepo.inClass(tx, classId);
    const takenNos = new Set(existing.map((s) => s.studentNo));
    const idents = rows.map((r) => r.identificationNo).filter((v): v is string => Boolean(v));
    const takenIdents = await studentsRepo.identTaken(tx, schoolId, idents);
    const seenNo = new Map<string, number>();
    const seenIdent = new Map<string, number>();
    const err = (field: string, code: ErrorCode, key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => ({ field, code, message: translate(lang, key, params) });
    return rows.map((r) => {
      const errors: ImportRow['errors'] = [];
      const name = r.name.trim();
      const no = r.studentNo.trim();
      if (!name) errors.push(err('name', 'NAME_MISSING', 'student.nameRequired'));
      if (!no) errors.push(err('studentNo', 'STUDENT_NO_MISSING', 'student.noRequired'));
      else if (!STUDENT_NO.test(no)) errors.push(err('studentNo', 'STUDENT_NO_INVALID', 'student.noInvalid'));
      else if (seenNo.has(no)) errors.push(err('studentNo', 'DUPLICATE_IN_FILE', 'student.duplicateInFile', { no, line: seenNo.get(no)! }));
      else if (takenNos.has(no)) errors.push(err('studentNo', 'STUDENT_NO_TAKEN', 'student.noTaken', { no }));
      if (r.genderText && r.gender === 0) errors.push(err('gender', 'GENDER_INVALID', 'student.genderInvalid'));
      if (r.phone && !PHONE.test(r.phone)) errors.push(err('phone', 'PHONE_INVALID', 'student.phoneInvalid'));
      if (r.identificationNo) {
        if (seenIdent.has(r.identificationNo)) errors.push(err('identificationNo', 'IDENT_DUPLICATE_IN_FILE', 'student.identDuplicateInFile', { no: r.identificationNo, line: seenIdent.get(r.identificationNo)! }));
        else if (takenIdents.has(r.identificationNo)) errors.push(err('identificationNo', 'IDENT_TAKEN', 'student.identTaken', { no: r.identificationNo }));
      }
      if (no && STUDENT_NO.test(no) && !seenNo.has(no)) seenNo.set(no, r.line);
      if (r.identificationNo && !seenIdent.has(r.identificationNo)) seenIdent.set(r.identificationNo, r.line);
      return { line: r.line, name, gender: r.gender, studentNo: no, identificationNo: r.identificationNo, phone: r.phone, status: errors.length ? 'error' : 'ok', errors };
    });
  }

  async function studentInScope(auth: AuthContext, id: number, action?: 'edit' | 'delete') {
    const row = await studentsRepo.find(db, auth.school.id, id);
    if (!row) throw notFound();
    if (action) await classes.writable(auth, row.s.classId, action);
    else await classes.visible(auth, row.s.classId);
    return row;
  }

  return {
    async page(auth: AuthContext, classId: number, name: string | undefined, pageNum: number, pageSize: number) {
      await classes.visible(auth, classId);
      const { rows, total } = await studentsRepo.page(db, classId, name, pageNum, pageSize);
      // The class's teachers hand each student their own code for the H5 pages.
      const versions = await studentCodesRepo.versions(db, rows.map((r) => r.s.id));
      return { list: rows.map((r) => ({ ...studentView(r), h5Code: studentCode(deps.signer, r.s.schoolId, r.s.id, versions.get(r.s.id) ?? 0) })), total, pageNum, pageSize };
    },
    /** A new 学生码 for a student whose code got out: the old one stops working at once, everywhere. */
    async resetCode(auth: AuthContext, id: number) {
      const row = await studentInScope(auth, id, 'edit');
      const version = await studentCodesRepo.bump(db, { studentId: row.s.id, schoolId: row.s.schoolId, identityId: auth.identity.id, now: deps.now() });
      // Whatever guessing came before, the pupil's new code works from every address at once.
      await sharedRateLimit.forget(db, studentTriesPrefix(row.s.id));
      return { id: row.s.id, h5Code: studentCode(deps.signer, row.s.schoolId, row.s.id, version) };
    },
    async add(auth: AuthContext, body: StudentBody) {
      await classes.writable(auth, body.classId, 'edit');
      return db.transaction(async (tx) => {
        await checkUnique(tx, auth.school.id, body.classId, body.studentNo, body.identificationNo);
        const [row] = await studentsRepo.insert(tx, [{ schoolId: auth.school.id, classId: body.classId, name: body.name, gender: body.gender, studentNo: body.studentNo, identificationNo: body.identificationNo || null, phone: body.phone || null }]);
        return studentView((await studentsRepo.find(tx, auth.school.id, row!.id))!);
      }).catch((e: unknown) => {
        if (isUniqueViolation(e)) throw badRequest('STUDENT_NO_TAKEN', 'student.noTaken', { no: body.studentNo });
        throw e;
      });
    },
    async update(auth: AuthContext, body: Omit<StudentBody, 'classId'> & { id: number }) {
      const current = await studentInScope(auth, body.id, 'edit');
      await checkUnique(db, auth.school.id, current.s.classId, body.studentNo, body.identificationNo, body.id);
      await studentsRepo.update(db, body.id, { name: body.name, gender: body.gender, studentNo: body.studentNo, identificationNo: body.identificationNo || null, phone: body.phone || null });
      return studentView((await studentsRepo.find(db, auth.school.id, body.id))!);
    },
    async remove(auth: AuthContext, ids: number[]) {
      for (const id of ids) await studentInScope(auth, id, 'delete');
      return { deleted: await studentsRepo.softDelete(db, ids, deps.now()) };
    },
    async move(auth: AuthContext, ids: number[], toClassId: number) {
      await classes.writable(auth, toClassId, 'edit');
      const rows = await Promise.all(ids.map((id) => studentInScope(auth, id, 'edit')));
      return db.transaction(async (tx) => {
        const target = new Set((await studentsRepo.inClass(tx, toClassId)).map((s) => s.studentNo));
        for (const r of rows) {
          if (r.s.classId === toClassId) continue;
          if (target.has(r.s.studentNo)) throw badRequest('STUDENT_NO_TAKEN', 'student.noTaken', { no: r.s.studentNo });
          target.add(r.s.studentNo);
          await studentsRepo.update(tx, r.s.id, { classId: toClassId });
        }
        return { moved: rows.filter((r) => r.s.classId !== toClassId).length };
      });
    },
    /** May the caller import into this class? Checked before the file is read, and again with it. */
    async mayImport(auth: AuthContext, classId: number) {
      await classes.writable(auth, classId, 'edit');
      requireAny(auth, ['class', 'import']);
    },
    async importPreview(auth: AuthContext, classId: number, fileName: string, content: Buffer, lang: Lang) {
      await classes.writable(auth, classId, 'edit');
      requireAny(auth, ['class', 'import']);
      const parsed = await rosterImportGate.run(auth.school.id, () => parseRosterOffThread(fileName, content), rosterLock);
      if (!parsed.ok) {
        const [code, key] = IMPORT_REFUSALS[parsed.reason];
        throw badRequest(code, key, { max: MAX_IMPORT_ROWS });
      }
      const rows = await validateRows(db, auth.school.id, classId, parsed.rows, lang);
      const valid = rows.filter((r) => r.status === 'ok').length;
      return { classId, fileName, total: rows.length, valid, invalid: rows.length - valid, rows };
    },
    /** Applies the valid rows in one transaction; rows with errors are skipped and reported. */
    async importCommit(auth: AuthContext, classId: number, input: (ImportRowInput & { line: number })[], lang: Lang) {
      await classes.writable(auth, classId, 'edit');
      requireAny(auth, ['class', 'import']);
      return db.transaction(async (tx) => {
        const rows = await validateRows(tx, auth.school.id, classId, input, lang);
        const good = rows.filter((r) => r.status === 'ok');
        await studentsRepo.insert(
          tx,
          good.map((r) => ({ schoolId: auth.school.id, classId, name: r.name, gender: r.gender, studentNo: r.studentNo, identificationNo: r.identificationNo, phone: r.phone })),
        );
        const errors = rows.filter((r) => r.status === 'error');
        return { created: good.length, skipped: errors.length, errors };
      });
    },

    // parents
    async parentPage(auth: AuthContext, classId: number, name: string | undefined, pageNum: number, pageSize: number) {
      await classes.visible(auth, classId);
      const { rows, total } = await studentsRepo.parentPage(db, classId, name, pageNum, pageSize);
      return { list: rows.map(parentView), total, pageNum, pageSize };
    },
    async addParent(auth: AuthContext, body: { studentId: number; name: string; phone: string; relation: string }) {
      await studentInScope(auth, body.studentId, 'edit');
      const row = await studentsRepo.insertParent(db, { schoolId: auth.school.id, ...body });
      return parentView((await studentsRepo.parent(db, auth.school.id, row.id))!);
    },
    async updateParent(auth: AuthContext, body: { id: number; name: string; phone: string; relation: string }) {
      const p = await studentsRepo.parent(db, auth.school.id, body.id);
      if (!p) throw notFound();
      await classes.writable(auth, p.classId, 'edit');
      await studentsRepo.updateParent(db, body.id, { name: body.name, phone: body.phone, relation: body.relation });
      return parentView((await studentsRepo.parent(db, auth.school.id, body.id))!);
    },
    async removeParent(auth: AuthContext, id: number) {
      const p = await studentsRepo.parent(db, auth.school.id, id);
      if (!p) throw notFound();
      await classes.writable(auth, p.classId, 'delete');
      await studentsRepo.deleteParent(db, id);
      return { deleted: 1 };
    },

    // textbooks
    async classTextbooks(auth: AuthContext, classId: number) {
      await classes.visible(auth, classId);
      return studentsRepo.classTextbooks(db, classId);
    },
    async bindTextbooks(auth: AuthContext, classId: number, textbookIds: number[]) {
      await classes.writable(auth, classId, 'edit');
      const ids = [...new Set(textbookIds)];
      if (!(await studentsRepo.textbookIdsExist(db, ids))) throw new AppError(404, 'NOT_FOUND', 'error.notFound');
      await db.transaction((tx) => studentsRepo.setClassTextbooks(tx, classId, ids));
      return studentsRepo.classTextbooks(db, classId);
    },
  };
}

function parentView(r: { p: { id: number; studentId: number; name: string; phone: string; relation: string; createdAt: Date }; studentName: string; studentNo: string; classId: number }) {
  return { id: r.p.id, studentId: r.p.studentId, studentName: r.studentName, studentNo: r.studentNo, classId: r.classId, name: r.p.name, phone: r.p.phone, relation: r.p.relation, createdTime: iso(r.p.createdAt) };
}
