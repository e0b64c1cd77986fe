import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/classes';
import { paged, idQuery, idParams } from '../../../core/api/contracts/paging';
import { forbidden } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { classesRepo } from '../../repositories/classes';
import { ROLES } from '../../seed/reference-data';
import { can, isScopedTeacher, requireAny, requireClassRead } from '../../services/access';
import { gradeName, semesterNumericId, semesterView, visibleClasses } from '../../services/class-service';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: classes'];
const deleted = z.object({ deleted: z.number().int() });

/** `mclass/*`, `mSchoolClassTeacher/*`, `home/*` selects, `mSchoolTeacher/list`, `roles/all`, `mSchoolCampus/*`. */
export const classRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  const classes = services.classes;

  app.get('/mclass/list', {
    schema: { tags, summary: 'Classes of the school the caller may see (a teacher: only the classes they teach), paged', querystring: c.classListQuery, response: responses(paged(c.classItem)) },
  }, async (req) => {
    const auth = authOf(req);
    requireClassRead(auth);
    const { pageNum, pageSize, semesterId, ...filter } = req.query;
    const { rows, total } = await classesRepo.page(db, { ...visibleClasses(auth), ...filter, semesterId: semesterId === undefined ? undefined : semesterNumericId(semesterId) }, pageNum, pageSize);
    return ok({ list: await classes.views(auth, rows, req.lang), total, pageNum, pageSize });
  });

  app.post('/mclass/add', {
    schema: { tags, summary: 'Create a class (spec §5 prompts for missing grade, main teacher, campus, name, semester)', body: c.classBody, response: responses(c.classItem) },
  }, async (req) => ok(await classes.add(authOf(req), req.body, req.lang)));

  app.get('/mclass/get', {
    schema: { tags, summary: 'One class the caller may see', querystring: idQuery, response: responses(c.classItem) },
  }, async (req) => ok(await classes.view(authOf(req), req.query.id, req.lang)));

  app.post('/mclass/upl', {
    schema: { tags, summary: 'Modify a class (teachers: only classes they teach)', body: c.classUpdateBody, response: responses(c.classItem) },
  }, async (req) => ok(await classes.update(authOf(req), req.body.id, req.body, req.lang)));

  app.delete('/mclass/del', {
    schema: { tags, summary: 'Delete a class (soft delete; its tasks and essays stay readable)', querystring: idQuery, response: responses(deleted) },
  }, async (req) => ok(await classes.remove(authOf(req), req.query.id)));

  app.get('/mclass/selectSemester', {
    schema: { tags, summary: 'Semesters of the school, current first (semesterId = id_year_term)', response: responses(z.array(c.semester)) },
  }, async (req) => ok((await classesRepo.semesters(db, authOf(req).school.id)).map((s) => semesterView(s, req.lang))));

  app.get('/mclass/selectSchoolTerm', {
    schema: { tags, summary: 'School terms: 1 first term, 2 second term', response: responses(z.array(c.schoolTerm)) },
  }, async (req) => ok(req.lang === 'en' ? [{ value: 1, label: 'First term' }, { value: 2, label: 'Second term' }] : [{ value: 1, label: '上学期' }, { value: 2, label: '下学期' }]));

  app.get('/mclass/getClassListByCampusIdAndSystemTerm', {
    schema: { tags, summary: 'Classes by campus and semester for pickers (a teacher: only their classes)', querystring: c.classesByCampusQuery, response: responses(z.array(c.classBrief)) },
  }, async (req) => {
    const auth = authOf(req);
    requireClassRead(auth);
    const semesterId = req.query.semesterId === undefined ? undefined : semesterNumericId(req.query.semesterId);
    return ok(await classesRepo.brief(db, { ...visibleClasses(auth), campusId: req.query.campusId, semesterId }));
  });

  app.get('/mclass/:id/loginQrCode', {
    schema: { tags, summary: 'What the class login QR code encodes: the H5 join page with the class code (lcwProgram=1 for the etiquette test)', params: idParams, querystring: c.loginQrCodeQuery, response: responses(c.loginQrCode) },
  }, async (req) => {
    const row = await classes.visible(authOf(req), req.params.id);
    const lcw = req.query.lcwProgram === 1;
    const url = `${req.protocol}://${req.host}/teaching/h5/join?code=${row.cls.classCode}${lcw ? '&lcwProgram=1' : ''}`;
    return ok({ classId: row.cls.id, className: row.cls.name, classCode: row.cls.classCode, url, lcwProgram: lcw });
  });

  app.post('/mSchoolClassTeacher/binding', {
    schema: { tags, summary: 'Bind teachers of the school to a class', body: c.bindingBody, response: responses(c.classItem) },
  }, async (req) => ok(await classes.bind(authOf(req), req.body.classId, req.body.teacherIds, req.lang)));

  app.post('/mSchoolClassTeacher/relieve', {
    schema: { tags, summary: 'Unbind a teacher from a class (null when the caller no longer sees it)', body: c.relieveBody, response: responses(c.classItem.nullable()) },
  }, async (req) => ok(await classes.relieve(authOf(req), req.body.classId, req.body.teacherId, req.lang)));

  // home/* selects
  const ownSchool = (schoolId: number | undefined, mine: number) => {
    if (schoolId !== undefined && schoolId !== mine) throw forbidden();
  };
  const semestersOf = async (schoolId: number, lang: 'zh' | 'en') => (await classesRepo.semesters(db, schoolId)).map((s) => semesterView(s, lang));
  const gradeOptions = (lang: 'zh' | 'en') => Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: gradeName(i + 1, lang) }));

  app.get('/home/listSemester', {
    schema: { tags, summary: 'Semesters of the caller’s school', response: responses(z.array(c.semester)) },
  }, async (req) => ok(await semestersOf(authOf(req).school.id, req.lang)));
  app.get('/home/listSemesterBySchoolId', {
    schema: { tags, summary: 'Semesters of a school (only the caller’s own)', querystring: c.schoolIdQuery, response: responses(z.array(c.semester)) },
  }, async (req) => {
    const auth = authOf(req);
    ownSchool(req.query.schoolId, auth.school.id);
    return ok(await semestersOf(auth.school.id, req.lang));
  });
  app.get('/home/listGradeSelect', {
    schema: { tags, summary: 'Grade options 1–9 and senior high 1–3', response: responses(z.array(c.gradeItem.omit({ classCount: true }))) },
  }, async (req) => ok(gradeOptions(req.lang)));
  app.get('/home/listGradeSelectBySchoolId', {
    schema: { tags, summary: 'Grade options of a school (only the caller’s own)', querystring: c.schoolIdQuery, response: responses(z.array(c.gradeItem.omit({ classCount: true }))) },
  }, async (req) => {
    ownSchool(req.query.schoolId, authOf(req).school.id);
    return ok(gradeOptions(req.lang));
  });
  app.get('/home/listGrade', {
    schema: { tags, summary: 'Grades with the number of classes the caller sees in each', response: responses(z.array(c.gradeItem)) },
  }, async (req) => {
    const auth = authOf(req);
    const rows = await classesRepo.brief(db, visibleClasses(auth));
    return ok(gradeOptions(req.lang).map((g) => ({ ...g, classCount: rows.filter((r) => r.grade === g.value).length })));
  });

  app.get('/mSchoolTeacher/list', {
    schema: { tags, summary: 'Teachers of the school (main-teacher and binding selects); all=1 lists every identity', querystring: c.teacherListQuery, response: responses(z.array(c.teacherItem)) },
  }, async (req) => {
    const auth = authOf(req);
    // Staff lists are for those who manage classes or the school; every identity (all=1) and the
    // phone numbers only for basic-data maintenance and the school's leaders.
    requireAny(auth, ['class', 'query'], ['headmaster', 'query'], ['foundation', 'query']);
    const leader = can(auth, 'foundation', 'query') || can(auth, 'headmaster', 'query');
    if (req.query.all === 1 && !leader) throw forbidden();
    const rows = await classesRepo.teachers(db, auth.school.id, { roleIds: req.query.all === 1 ? undefined : [2], campusId: req.query.campusId, name: req.query.name });
    return ok(rows.map(({ roleNameZh, roleNameEn, phone, ...r }) => ({ ...r, phone: can(auth, 'foundation', 'query') ? phone : null, roleName: req.lang === 'en' ? roleNameEn : roleNameZh })));
  });

  app.get('/roles/all', {
    schema: { tags, summary: 'Role names', response: responses(z.array(c.roleItem)) },
  }, async (req) => {
    authOf(req);
    return ok(ROLES.map((r) => ({ id: r.id, name: req.lang === 'en' ? r.nameEn : r.nameZh })));
  });

  app.get('/mSchoolCampus/list', {
    schema: { tags, summary: 'Campuses of the school with their class counts', response: responses(z.array(c.campusItem)) },
  }, async (req) => ok(await classesRepo.campuses(db, authOf(req).school.id)));

  app.get('/mSchoolCampus/currentUser', {
    schema: { tags, summary: 'The campus of the current identity (null when it has none)', response: responses(c.campusItem.nullable()) },
  }, async (req) => {
    const auth = authOf(req);
    const all = await classesRepo.campuses(db, auth.school.id);
    const mine = auth.identity.campusName ? all.find((cp) => cp.name === auth.identity.campusName) : undefined;
    return ok(mine ?? null);
  });

  app.get('/mSchoolCampus/getCampusByTeacher', {
    schema: { tags, summary: 'Campuses where a teacher (default: the caller) has classes; a teacher may ask only about themself', querystring: c.campusByTeacherQuery, response: responses(z.array(c.campusItem)) },
  }, async (req) => {
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
