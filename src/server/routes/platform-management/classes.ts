import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/classes';
import { idQuery, idParams } from '../../../core/api/contracts/paging';
import { forbidden } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { classesRepo } from '../../repositories/classes';
import { ROLES } from '../../seed/reference-data';
import { can, isScopedTeacher, requireAny, requireClassRead } from '../../services/access';
import { gradeName, semesterNumericId, semesterView, visibleClasses } from '../../services/class-service';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { classes as rt } from '../../../core/api/routes/classes';
import * as shapes from '../../../core/api/contracts/shapes/classes';
import { defineRoute } from '../define-route';

/** `mclass/*`, `mSchoolClassTeacher/*`, `home/*` selects, `mSchoolTeacher/list`, `roles/all`, `mSchoolCampus/*`. */
export const classRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  const classes = services.classes;

  defineRoute(app, rt.mclassList, { query: c.classListQuery, answer: shapes.mclassListAnswer }, async (req) => {
    const auth = authOf(req);
    requireClassRead(auth);
    const { pageNum, pageSize, semesterId, ...filter } = req.query;
    const { rows, total } = await classesRepo.page(db, { ...visibleClasses(auth), ...filter, semesterId: semesterId === undefined ? undefined : semesterNumericId(semesterId) }, pageNum, pageSize);
    return ok({ list: await classes.views(auth, rows, req.lang), total, pageNum, pageSize });
  });

  defineRoute(app, rt.mclassAdd, { body: c.classBody, answer: c.classItem }, async (req) => ok(await classes.add(authOf(req), req.body, req.lang)));

  defineRoute(app, rt.mclassGet, { query: idQuery, answer: c.classItem }, async (req) => ok(await classes.view(authOf(req), req.query.id, req.lang)));

  defineRoute(app, rt.mclassUpl, { body: c.classUpdateBody, answer: c.classItem }, async (req) => ok(await classes.update(authOf(req), req.body.id, req.body, req.lang)));

  defineRoute(app, rt.mclassDel, { query: idQuery, answer: shapes.deleted }, async (req) => ok(await classes.remove(authOf(req), req.query.id)));

  defineRoute(app, rt.mclassSelectSemester, { answer: shapes.mclassSelectSemesterAnswer }, async (req) => ok((await classesRepo.semesters(db, authOf(req).school.id)).map((s) => semesterView(s, req.lang))));

  defineRoute(app, rt.mclassSelectSchoolTerm, { answer: shapes.mclassSelectSchoolTermAnswer }, async (req) => ok(req.lang === 'en' ? [{ value: 1, label: 'First term' }, { value: 2, label: 'Second term' }] : [{ value: 1, label: '上学期' }, { value: 2, label: '下学期' }]));

  defineRoute(app, rt.mclassGetClassListByCampusIdAndSystemTerm, { query: c.classesByCampusQuery, answer: shapes.mclassGetClassListByCampusIdAndSystemTermAnswer }, async (req) => {
    const auth = authOf(req);
    requireClassRead(auth);
    const semesterId = req.query.semesterId === undefined ? undefined : semesterNumericId(req.query.semesterId);
    return ok(await classesRepo.brief(db, { ...visibleClasses(auth), campusId: req.query.campusId, semesterId }));
  });

  defineRoute(app, rt.mclassLoginQrCode, { params: idParams, query: c.loginQrCodeQuery, answer: c.loginQrCode }, async (req) => {
    const row = await classes.visible(authOf(req), req.params.id);
    const lcw = req.query.lcwProgram === 1;
    const url = `${req.protocol}://${req.host}/teaching/h5/join?code=${row.cls.classCode}${lcw ? '&lcwProgram=1' : ''}`;
    return ok({ classId: row.cls.id, className: row.cls.name, classCode: row.cls.classCode, url, lcwProgram: lcw });
  });

  defineRoute(app, rt.mSchoolClassTeacherBinding, { body: c.bindingBody, answer: c.classItem }, async (req) => ok(await classes.bind(authOf(req), req.body.classId, req.body.teacherIds, req.lang)));

  defineRoute(app, rt.mSchoolClassTeacherRelieve, { body: c.relieveBody, answer: shapes.mSchoolClassTeacherRelieveAnswer }, async (req) => ok(await classes.relieve(authOf(req), req.body.classId, req.body.teacherId, req.lang)));

  // home/* selects
  const ownSchool = (schoolId: number | undefined, mine: number) => {
    if (schoolId !== undefined && schoolId !== mine) throw forbidden();
  };
  const semestersOf = async (schoolId: number, lang: 'zh' | 'en') => (await classesRepo.semesters(db, schoolId)).map((s) => semesterView(s, lang));
  const gradeOptions = (lang: 'zh' | 'en') => Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: gradeName(i + 1, lang) }));

  defineRoute(app, rt.homeListSemester, { answer: shapes.homeListSemesterAnswer }, async (req) => ok(await semestersOf(authOf(req).school.id, req.lang)));
  defineRoute(app, rt.homeListSemesterBySchoolId, { query: c.schoolIdQuery, answer: shapes.homeListSemesterBySchoolIdAnswer }, async (req) => {
    const auth = authOf(req);
    ownSchool(req.query.schoolId, auth.school.id);
    return ok(await semestersOf(auth.school.id, req.lang));
  });
  defineRoute(app, rt.homeListGradeSelect, { answer: shapes.homeListGradeSelectAnswer }, async (req) => ok(gradeOptions(req.lang)));
  defineRoute(app, rt.homeListGradeSelectBySchoolId, { query: c.schoolIdQuery, answer: shapes.homeListGradeSelectBySchoolIdAnswer }, async (req) => {
    ownSchool(req.query.schoolId, authOf(req).school.id);
    return ok(gradeOptions(req.lang));
  });
  defineRoute(app, rt.homeListGrade, { answer: shapes.homeListGradeAnswer }, async (req) => {
    const auth = authOf(req);
    const rows = await classesRepo.brief(db, visibleClasses(auth));
    return ok(gradeOptions(req.lang).map((g) => ({ ...g, classCount: rows.filter((r) => r.grade === g.value).length })));
  });

  defineRoute(app, rt.mSchoolTeacherList, { query: c.teacherListQuery, answer: shapes.mSchoolTeacherListAnswer }, async (req) => {
    const auth = authOf(req);
    // Staff lists are for those who manage classes or the school; every identity (all=1) and the
    // phone numbers only for basic-data maintenance and the school's leaders.
    requireAny(auth, ['class', 'query'], ['headmaster', 'query'], ['foundation', 'query']);
    const leader = can(auth, 'foundation', 'query') || can(auth, 'headmaster', 'query');
    if (req.query.all === 1 && !leader) throw forbidden();
    const rows = await classesRepo.teachers(db, auth.school.id, { roleIds: req.query.all === 1 ? undefined : [2], campusId: req.query.campusId, name: req.query.name });
    return ok(rows.map(({ roleNameZh, roleNameEn, phone, ...r }) => ({ ...r, phone: can(auth, 'foundation', 'query') ? phone : null, roleName: req.lang === 'en' ? roleNameEn : roleNameZh })));
  });

  defineRoute(app, rt.rolesAll, { answer: shapes.rolesAllAnswer }, async (req) => {
    authOf(req);
    return ok(ROLES.map((r) => ({ id: r.id, name: req.lang === 'en' ? r.nameEn : r.nameZh })));
  });

  defineRoute(app, rt.mSchoolCampusList, { answer: shapes.mSchoolCampusListAnswer }, async (req) => ok(await classesRepo.campuses(db, authOf(req).school.id)));

  defineRoute(app, rt.mSchoolCampusCurrentUser, { answer: shapes.mSchoolCampusCurrentUserAnswer }, async (req) => {
    const auth = authOf(req);
    const all = await classesRepo.campuses(db, auth.school.id);
    const mine = auth.identity.campusName ? all.find((cp) => cp.name === auth.identity.campusName) : undefined;
    return ok(mine ?? null);
  });

  defineRoute(app, rt.mSchoolCampusGetCampusByTeacher, { query: c.campusByTeacherQuery, answer: shapes.mSchoolCampusGetCampusByTeacherAnswer }, async (req) => {
    const auth = authOf(req);
    const teacherId = req.query.teacherId ?? auth.identity.id;
    if (isScopedTeacher(auth) && teacherId !== auth.identity.id) throw forbidden();
    const [teacher] = await classesRepo.teachers(db, auth.school.id, { ids: [teacherId] });
    if (!teacher) return ok([]);
    const ids = await classesRepo.campusIdsOfTeacher(db, teacherId);
    if (teacher.campusId && !ids.includes(teacher.campusId)) ids.push(teacher.campusId);
    return ok(await classesRepo.campuses(db, auth.school.id, ids));
  });
};
