import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/classes';
import { idQuery } from '../../../core/api/contracts/paging';
import { hashPassword } from '../../auth/password-hash';
import { badRequest, notFound } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { classesRepo } from '../../repositories/classes';
import { identitiesRepo } from '../../repositories/identities';
import { usersRepo } from '../../repositories/users';
import { requireAny } from '../../services/access';
import { semesterView } from '../../services/class-service';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { isUniqueViolation } from '../../db/pg-errors';
import { foundation as rt } from '../../../core/api/routes/foundation';
import * as shapes from '../../../core/api/contracts/shapes/foundation';
import { defineRoute } from '../define-route';
const TERM = { 1: ['上学期', 'first term'], 2: ['下学期', 'second term'] } as const;
const semesterNames = (year: number, term: 1 | 2) => ({ nameZh: `${year}-${year + 1}学年${TERM[term][0]}`, nameEn: `${year}–${year + 1} ${TERM[term][1]}` });

/** `foundation/*` (/teachingAdmin/foundation): campuses, semesters and teachers; `classSync/*`. Headmaster actions. */
export const foundationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  const teacherView = async (schoolId: number, id: number, lang: 'zh' | 'en') => {
    const [r] = await classesRepo.teachers(db, schoolId, { ids: [id] });
    if (!r) throw notFound();
    const { roleNameZh, roleNameEn, ...rest } = r;
    return { ...rest, roleName: lang === 'en' ? roleNameEn : roleNameZh };
  };
  const campusView = async (schoolId: number, id: number) => (await classesRepo.campuses(db, schoolId, [id]))[0]!;

  defineRoute(app, rt.foundationCampusAdd, { body: c.campusBody, answer: c.campusItem }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'add']);
    const row = await classesRepo.insertCampus(db, auth.school.id, req.body.name);
    return ok(await campusView(auth.school.id, row.id));
  });
  defineRoute(app, rt.foundationCampusUpl, { body: c.campusUpdateBody, answer: c.campusItem }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'edit']);
    if (!(await classesRepo.renameCampus(db, auth.school.id, req.body.id, req.body.name))) throw notFound();
    return ok(await campusView(auth.school.id, req.body.id));
  });
  defineRoute(app, rt.foundationCampusDel, { query: idQuery, answer: shapes.foundationCampusDelAnswer }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'delete']);
    if (!(await classesRepo.campus(db, auth.school.id, req.query.id))) throw notFound();
    if (await classesRepo.campusHasClasses(db, req.query.id)) throw badRequest('CAMPUS_IN_USE', 'foundation.campusInUse');
    try {
      return ok({ deleted: await classesRepo.deleteCampus(db, auth.school.id, req.query.id) });
    } catch {
      // still referenced (identities, departments, score configs)
      throw badRequest('CAMPUS_IN_USE', 'foundation.campusInUse');
    }
  });

  defineRoute(app, rt.foundationSemesterAdd, { body: c.semesterBody, answer: c.semester }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'add']);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      if (b.isCurrent) await classesRepo.clearCurrent(tx, auth.school.id);
      return classesRepo.insertSemester(tx, { schoolId: auth.school.id, year: b.year, term: b.term, startDate: b.startDate, endDate: b.endDate, isCurrent: b.isCurrent, ...semesterNames(b.year, b.term as 1 | 2) });
    });
    if (!row) throw badRequest('SEMESTER_EXISTS', 'foundation.semesterExists');
    return ok(semesterView(row, req.lang));
  });
  defineRoute(app, rt.foundationSemesterUpl, { body: c.semesterUpdateBody, answer: c.semester }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'edit']);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      if (b.isCurrent) await classesRepo.clearCurrent(tx, auth.school.id);
      return classesRepo.updateSemester(tx, auth.school.id, b.id, { year: b.year, term: b.term, startDate: b.startDate, endDate: b.endDate, isCurrent: b.isCurrent, ...semesterNames(b.year, b.term as 1 | 2) });
    }).catch((e: unknown) => {
      if (isUniqueViolation(e)) throw badRequest('SEMESTER_EXISTS', 'foundation.semesterExists');
      throw e;
    });
    if (!row) throw notFound();
    return ok(semesterView(row, req.lang));
  });

  defineRoute(app, rt.foundationTeacherAdd, { body: c.teacherBody, answer: c.teacherCreated }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'add']);
    const b = req.body;
    if (b.campusId !== undefined && !(await classesRepo.campus(db, auth.school.id, b.campusId))) throw notFound();
    if (await usersRepo.findByUsername(db, b.username)) throw badRequest('USERNAME_TAKEN', 'auth.usernameTaken');
    if (await usersRepo.findByPhone(db, b.phone)) throw badRequest('PHONE_TAKEN', 'auth.phoneTaken');
    const initialPassword = `Zp${randomBytes(6).toString('base64url')}9`;
    const passwordHash = await hashPassword(initialPassword);
    const identity = await db.transaction(async (tx) => {
      const user = await usersRepo.create(tx, { username: b.username, realname: b.realname, phone: b.phone, passwordHash, mustChangePassword: true });
      return identitiesRepo.create(tx, { userId: user.id, schoolId: auth.school.id, campusId: b.campusId, roleId: b.roleId, teacherName: b.realname });
    });
    return ok({ teacher: await teacherView(auth.school.id, identity.id, req.lang), initialPassword });
  });
  defineRoute(app, rt.foundationTeacherUpl, { body: c.teacherUpdateBody, answer: c.teacherItem }, async (req) => {
    const auth = authOf(req);
    requireAny(auth, ['headmaster', 'edit']);
    if (req.body.campusId !== null && !(await classesRepo.campus(db, auth.school.id, req.body.campusId))) throw notFound();
    if (!(await classesRepo.updateTeacher(db, auth.school.id, req.body.id, { teacherName: req.body.realname, campusId: req.body.campusId }))) throw notFound();
    return ok(await teacherView(auth.school.id, req.body.id, req.lang));
  });

  defineRoute(app, rt.classSyncRun, { answer: c.syncReport }, async (req) => ok(await services.classSync.run(authOf(req))));
  defineRoute(app, rt.classSyncLast, { answer: c.lastSync }, async (req) => ok(await services.classSync.last(authOf(req))));
};
