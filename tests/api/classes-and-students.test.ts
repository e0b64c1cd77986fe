import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBasicDataServer, type BasicDataServer } from '../../demo/basic-data-server';
import { MGMT, multipartBody } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { school as schoolRoutes } from '../../src/core/api/routes/school';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';

interface ClassItem { id: number; name: string; semesterId: string; studentCount: number; canEdit: boolean; mainTeacherId: number | null; classCode: string; source: string; teachers: { id: number }[]; campusId: number }

describe.each(databaseKinds())('classes, students, parents, textbooks, sync and basic data on %s', (kind) => {
  let t: TestApp;
  let basic: BasicDataServer;
  const tok: Record<string, string> = {};
  let classes: ClassItem[] = [];
  const byName = (name: string) => classes.find((c) => c.name === name)!;
  const get = (url: string, who: string, lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, who: string, body: unknown, lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const del = (url: string, who: string) => t.call('DELETE', `${MGMT}/${url}`, { token: tok[who] });
  let campusId = 0;
  let semesterId = '';
  let teacherId = 0;

  beforeAll(async () => {
    basic = await startBasicDataServer(0);
    t = await createTestApp(kind, { basicDataUrl: basic.url });
    for (const u of ['teacher01', 'classrole01', 'headmaster01', 'principal01', 'teacherB01']) tok[u] = await t.login(u);
    classes = (await get('mclass/list?pageSize=100', 'classrole01')).json().data.list;
    campusId = classes[0]!.campusId;
    semesterId = classes[0]!.semesterId;
    teacherId = byName('七年级1班').mainTeacherId!;
  });
  afterAll(async () => {
    await t?.close();
    await basic?.close();
  });

  describe('who sees which class', () => {
    it('shows a teacher only the classes they teach, class staff and headmasters every class of the school', async () => {
      const mine = (await get('mclass/list', 'teacher01')).json().data;
      expect(mine.list.map((c: ClassItem) => c.name).sort()).toEqual(['七年级1班', '七年级2班']);
      expect(mine).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
      const c1 = mine.list.find((c: ClassItem) => c.name === '七年级1班');
      expect(c1).toMatchObject({ studentCount: 45, canEdit: true, gradeName: '七年级', source: 'zhipi', mainTeacherName: '王老师' });
      expect(c1.semesterId).toMatch(/^\d+_\d{4}_[12]$/);
      expect(classes.map((c) => c.name).sort()).toEqual(['七年级1班', '七年级2班', '八年级3班']);
      for (const who of ['headmaster01', 'principal01']) {
        const list = (await get('mclass/list', who)).json().data.list as ClassItem[];
        expect(list.map((c) => c.name).sort(), who).toEqual(['七年级1班', '七年级2班', '八年级3班']);
        expect(list.every((c) => !c.canEdit), who).toBe(true);
      }
      const en = (await get(`mclass/get?id=${c1.id}`, 'teacher01', 'en')).json().data;
      expect(en.gradeName).toBe('Grade 7');
    });

    it('keeps school A out of school B’s sight and reach', async () => {
      const listB = (await get('mclass/list', 'teacherB01')).json().data.list as ClassItem[];
      expect(listB.map((c) => c.name)).toEqual(['高一1班']);
      const a = byName('七年级1班');
      expect((await get(`mclass/get?id=${a.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await get(`mclass/${a.id}/loginQrCode`, 'teacherB01')).statusCode).toBe(404);
      expect((await get(`mStudent/list?classId=${a.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await get(`mParent/list?classId=${a.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await post('mclass/upl', 'teacherB01', { id: a.id, name: 'x', campusId, grade: 7, mainTeacherId: teacherId, semesterId })).statusCode).toBe(404);
      expect((await del(`mclass/del?id=${a.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await post('mSchoolClassTeacher/binding', 'teacherB01', { classId: a.id, teacherIds: [teacherId] })).statusCode).toBe(404);
      const teachersB = (await get('mSchoolTeacher/list', 'teacherB01')).json().data as { username: string }[];
      expect(teachersB.map((x) => x.username)).toEqual(['teacherB01']);
      const campusesB = (await get('mSchoolCampus/list', 'teacherB01')).json().data as { id: number }[];
      expect(campusesB.map((c) => c.id)).not.toContain(campusId);
      const semA = (await get('mclass/selectSemester', 'teacher01')).json().data as { id: number }[];
      const semB = (await get('mclass/selectSemester', 'teacherB01')).json().data as { id: number }[];
      expect(semB.some((s) => semA.some((x) => x.id === s.id))).toBe(false);
      const schoolA = (await t.call(schoolRoutes.mSchoolSchoolInfo, {}, { token: tok.teacher01 })).body.data.schoolId;
      expect((await get(`home/listSemesterBySchoolId?schoolId=${schoolA}`, 'teacherB01')).statusCode).toBe(403);
      expect((await get(`home/listGradeSelectBySchoolId?schoolId=${schoolA}`, 'teacherB01')).statusCode).toBe(403);
    });

    it('lets a teacher read and change another teacher’s class only while bound to it', async () => {
      const other = byName('八年级3班');
      expect((await get(`mclass/get?id=${other.id}`, 'teacher01')).statusCode).toBe(404);
      const form = { id: other.id, name: '八年级3班', campusId, grade: 8, mainTeacherId: other.mainTeacherId, semesterId, startTime: '09:00', endTime: '09:45' };
      expect((await post('mclass/upl', 'teacher01', form)).statusCode).toBe(403);
      expect((await del(`mclass/del?id=${other.id}`, 'teacher01')).statusCode).toBe(403);
      expect((await get(`mStudent/list?classId=${other.id}`, 'teacher01')).statusCode).toBe(404);
      expect((await post('mStudent/add', 'teacher01', { classId: other.id, name: '新同学', studentNo: '9999' })).statusCode).toBe(403);

      const bound = await post('mSchoolClassTeacher/binding', 'classrole01', { classId: other.id, teacherIds: [teacherId] });
      expect(bound.statusCode).toBe(200);
      expect(bound.json().data.teachers.map((x: { id: number }) => x.id)).toEqual([teacherId]);
      expect((await get(`mclass/get?id=${other.id}`, 'teacher01')).json().data.canEdit).toBe(true);
      const changed = await post('mclass/upl', 'teacher01', form);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ startTime: '09:00', endTime: '09:45' });
      expect((await get('mclass/list', 'teacher01')).json().data.total).toBe(3);

      const relieved = await post('mSchoolClassTeacher/relieve', 'classrole01', { classId: other.id, teacherId });
      expect(relieved.json().data.teachers).toEqual([]);
      expect((await get(`mclass/get?id=${other.id}`, 'teacher01')).statusCode).toBe(404);
      expect((await post('mSchoolClassTeacher/relieve', 'classrole01', { classId: other.id, teacherId })).statusCode).toBe(404);
      // headmasters read but do not change classes
      expect((await post('mclass/upl', 'headmaster01', form)).statusCode).toBe(403);
    });
  });

  describe('class form, QR code and selects', () => {
    it('answers each product-rules.md#validation prompt for a missing field, in the caller’s language', async () => {
      const full = { name: '七年级9班', campusId, grade: 7, mainTeacherId: teacherId, semesterId };
      const cases: [keyof typeof full, string, string][] = [
        ['grade', '请选择所属年级', 'Please choose the grade'],
        ['mainTeacherId', '请选择主讲老师', 'Please choose the main teacher'],
        ['campusId', '请选择校区', 'Please choose the campus'],
        ['name', '请输入班级名称', 'Please enter the class name'],
        ['semesterId', '请选择学期', 'Please choose the semester'],
      ];
      for (const [field, zh, en] of cases) {
        const body = { ...full, [field]: undefined };
        const res = await post('mclass/add', 'teacher01', body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json(), field).toMatchObject({ error: 'VALIDATION', message: zh, showMsg: zh });
        expect((await post('mclass/add', 'teacher01', body, 'en')).json().message, field).toBe(en);
      }
      expect((await post('mclass/add', 'teacher01', { ...full, name: '   ' })).json().message).toBe('请输入班级名称');
      expect((await post('mclass/add', 'teacher01', { ...full, grade: 13 })).json().message).toBe('请选择所属年级');
      expect((await post('mclass/add', 'teacher01', { ...full, name: '七年级1班' })).json().error).toBe('CLASS_NAME_TAKEN');
      const headmaster = (await get('mSchoolTeacher/list?all=1', 'headmaster01')).json().data.find((x: { username: string }) => x.username === 'headmaster01');
      expect((await post('mclass/add', 'teacher01', { ...full, mainTeacherId: headmaster.id })).json().error).toBe('TEACHER_UNKNOWN');
      expect((await post('mclass/add', 'headmaster01', full)).statusCode).toBe(403);
    });

    it('creates, shows with its QR code, and deletes a class', async () => {
      const res = await post('mclass/add', 'teacher01', { name: '七年级9班', campusId, grade: 7, mainTeacherId: teacherId, semesterId, classDate: '2026-09-01', startTime: '08:00', endTime: '08:45' });
      expect(res.statusCode).toBe(200);
      const cls = res.json().data as ClassItem;
      expect(cls).toMatchObject({ name: '七年级9班', studentCount: 0, canEdit: true, source: 'zhipi', classDate: '2026-09-01' });
      expect(cls.classCode).toMatch(/^[A-Z2-9]{8}$/);
      const qr = (await get(`mclass/${cls.id}/loginQrCode`, 'teacher01')).json().data;
      expect(qr).toMatchObject({ classId: cls.id, classCode: cls.classCode, lcwProgram: false });
      expect(qr.url).toMatch(new RegExp(`/teaching/h5/join\\?code=${cls.classCode}$`));
      expect((await get(`mclass/${cls.id}/loginQrCode?lcwProgram=1`, 'teacher01')).json().data.url).toMatch(/&lcwProgram=1$/);
      const h5 = await t.call(tasksRoutes.h5Class, { query: { code: cls.classCode } });
      expect(h5.body.data).toMatchObject({ className: '七年级9班', schoolName: '智批实验学校', tasks: [] });
      expect((await del(`mclass/del?id=${cls.id}`, 'teacher01')).json().data).toEqual({ deleted: 1 });
      expect((await get(`mclass/get?id=${cls.id}`, 'teacher01')).statusCode).toBe(404);
      expect((await t.call(tasksRoutes.h5Class, { query: { code: cls.classCode } })).status).toBe(404);
    });

    it('serves semesters, terms, grades, teachers, roles and campuses', async () => {
      const sems = (await get('mclass/selectSemester', 'teacher01')).json().data as { semesterId: string; isCurrent: boolean; name: string }[];
      expect(sems).toHaveLength(4);
      expect(sems[0]!.isCurrent).toBe(true);
      expect(sems.filter((s) => s.isCurrent)).toHaveLength(1);
      expect(sems[0]!.semesterId).toBe(semesterId);
      expect((await get('home/listSemester', 'teacher01')).json().data).toEqual(sems);
      expect((await get('home/listSemesterBySchoolId', 'teacher01')).json().data).toEqual(sems);
      expect((await get('mclass/selectSchoolTerm', 'teacher01')).json().data).toEqual([{ value: 1, label: '上学期' }, { value: 2, label: '下学期' }]);
      const grades = (await get('home/listGradeSelect', 'teacher01')).json().data as { label: string }[];
      expect(grades.map((g) => g.label)).toEqual(['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三']);
      expect((await get('home/listGradeSelectBySchoolId', 'teacher01', 'en')).json().data[11]).toEqual({ value: 12, label: 'Senior 3' });
      const counts = (await get('home/listGrade', 'teacher01')).json().data as { value: number; classCount: number }[];
      expect(counts.find((g) => g.value === 7)!.classCount).toBe(2);
      const picker = (await get(`mclass/getClassListByCampusIdAndSystemTerm?campusId=${campusId}&semesterId=${semesterId}`, 'teacher01')).json().data as { name: string; studentCount: number }[];
      expect(picker.map((c) => c.name)).toEqual(['七年级1班', '七年级2班']);
      expect(picker[0]!.studentCount).toBe(45);
      const teachers = (await get('mSchoolTeacher/list', 'classrole01')).json().data as { username: string; roleId: number; classCount: number }[];
      expect(teachers.every((x) => x.roleId === 2)).toBe(true);
      expect(teachers.find((x) => x.username === 'teacher01')!.classCount).toBe(2);
      expect((await get('mSchoolTeacher/list?name=王', 'classrole01')).json().data.map((x: { username: string }) => x.username)).toEqual(['teacher01']);
      // a teacher (or a self-registered one) sees colleagues' names for the selects, not their phones,
      // and not every identity of the school; basic-data maintenance sees both
      expect(teachers.every((x) => (x as { phone?: string | null }).phone === null)).toBe(true);
      expect((await get('mSchoolTeacher/list?all=1', 'teacher01')).statusCode).toBe(403);
      const everyone = (await get('mSchoolTeacher/list?all=1', 'headmaster01')).json().data as { username: string; phone: string | null }[];
      expect(everyone.map((x) => x.username)).toEqual(expect.arrayContaining(['teacher01', 'headmaster01', 'classrole01']));
      expect(everyone.find((x) => x.username === 'teacher01')!.phone).toMatch(/^1\d{10}$/);
      expect((await get('roles/all', 'teacher01', 'en')).json().data).toEqual([{ id: 2, name: 'Teacher' }, { id: 3, name: 'Class staff' }, { id: 6, name: 'Headmaster' }, { id: 7, name: 'Principal' }]);
      expect((await get('mSchoolCampus/list', 'teacher01')).json().data[0]).toMatchObject({ id: campusId, name: '主校区' });
      expect((await get('mSchoolCampus/currentUser', 'teacher01')).json().data).toMatchObject({ id: campusId });
      expect((await get('mSchoolCampus/getCampusByTeacher', 'teacher01')).json().data.map((c: { id: number }) => c.id)).toEqual([campusId]);
      expect((await get(`mSchoolCampus/getCampusByTeacher?teacherId=${teacherId}`, 'headmaster01')).json().data).toHaveLength(1);
      expect((await get(`mSchoolCampus/getCampusByTeacher?teacherId=${teacherId + 1}`, 'teacher01')).statusCode).toBe(403);
    });
  });

  describe('students and parents', () => {
    it('pages the 45 students of 七年级1班 by student id and searches by name', async () => {
      const id = byName('七年级1班').id;
      const page = (await get(`mStudent/list?classId=${id}&pageSize=10&pageNum=2`, 'teacher01')).json().data;
      expect(page).toMatchObject({ total: 45, pageNum: 2, pageSize: 10 });
      expect(page.list).toHaveLength(10);
      expect(page.list[0]).toMatchObject({ studentNo: '7111', className: '七年级1班', source: 'zhipi' });
      expect(page.list[0].name).toMatch(/^\p{Script=Han}{2,3}$/u);
      expect((await get(`mStudent/list?classId=${id}&name=王子涵`, 'teacher01')).json().data.list[0]).toMatchObject({ name: '王子涵', gender: 1, studentNo: '7101' });
      expect((await get(`mStudent/list?classId=${id}`, 'headmaster01')).json().data.total).toBe(45);
    });

    it('refuses a 5-digit student id with a clear message, and a duplicate id in the class', async () => {
      const classId = byName('七年级2班').id;
      const five = await post('mStudent/add', 'teacher01', { classId, name: '新同学', studentNo: '12345' });
      expect(five.statusCode).toBe(400);
      expect(five.json()).toMatchObject({ error: 'VALIDATION', message: '学号最多为 4 位数字', showMsg: '学号最多为 4 位数字' });
      expect((await post('mStudent/add', 'teacher01', { classId, name: '新同学', studentNo: '12345' }, 'en')).json().message).toBe('The student ID must be at most 4 digits');
      expect((await post('mStudent/add', 'teacher01', { classId, name: '新同学', studentNo: '12a' })).json().message).toBe('学号最多为 4 位数字');
      expect((await post('mStudent/add', 'teacher01', { classId, name: '', studentNo: '1' })).json().message).toBe('请输入学生姓名');
      const dup = await post('mStudent/add', 'teacher01', { classId, name: '新同学', studentNo: '7201' });
      expect(dup.json()).toMatchObject({ error: 'STUDENT_NO_TAKEN', message: '本班已有学号为 7201 的学生' });
      expect((await post('mStudent/add', 'teacher01', { classId, name: '新同学', studentNo: '1', phone: '123' })).json().message).toBe('请输入正确的手机号');
    });

    it('adds, edits, moves and removes a student', async () => {
      const from = byName('七年级2班').id;
      const to = byName('七年级1班').id;
      const added = await post('mStudent/add', 'teacher01', { classId: from, name: '柳如烟', gender: 2, studentNo: '88', identificationNo: 'ID-0088', phone: '13912345678' });
      expect(added.statusCode).toBe(200);
      const s = added.json().data;
      expect(s).toMatchObject({ classId: from, name: '柳如烟', gender: 2, studentNo: '88', identificationNo: 'ID-0088', phone: '13912345678' });
      expect(Date.parse(s.createdTime)).toBeGreaterThan(0);
      expect((await post('mStudent/add', 'teacher01', { classId: to, name: '重号', studentNo: '89', identificationNo: 'ID-0088' })).json().error).toBe('IDENT_TAKEN');
      const edited = await post('mStudent/upl', 'teacher01', { id: s.id, name: '柳如烟', gender: 2, studentNo: '0088', phone: '' });
      expect(edited.json().data).toMatchObject({ studentNo: '0088', phone: null, identificationNo: null });
      expect((await post('mStudent/move', 'teacher01', { ids: [s.id], toClassId: to })).json().data).toEqual({ moved: 1 });
      expect((await get(`mStudent/list?classId=${to}&name=柳如烟`, 'teacher01')).json().data.total).toBe(1);
      expect((await post('mStudent/move', 'teacherB01', { ids: [s.id], toClassId: from })).statusCode).toBe(404);
      expect((await del(`mStudent/del?ids=${s.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await del(`mStudent/del?ids=${s.id}`, 'teacher01')).json().data).toEqual({ deleted: 1 });
      expect((await get(`mStudent/list?classId=${to}`, 'teacher01')).json().data.total).toBe(45);
    });

    it('lists students by number as a teacher reads it: 0003, 7, 12 (padded to four digits), then the roster', async () => {
      const classId = byName('七年级2班').id;
      const ids: number[] = [];
      for (const studentNo of ['12', '7', '0003']) ids.push((await post('mStudent/add', 'teacher01', { classId, name: `排序${studentNo}`, studentNo })).json().data.id);
      const list = (await get(`mStudent/list?classId=${classId}&pageSize=100`, 'teacher01')).json().data.list as { studentNo: string }[];
      expect(list.slice(0, 3).map((x) => x.studentNo)).toEqual(['0003', '7', '12']);
      expect((await del(`mStudent/del?ids=${ids.join(',')}`, 'teacher01')).json().data).toEqual({ deleted: 3 });
    });

    it('manages parents of the class’s students', async () => {
      const classId = byName('七年级1班').id;
      const list = (await get(`mParent/list?classId=${classId}`, 'teacher01')).json().data;
      expect(list.total).toBe(6);
      expect(list.list[0]).toMatchObject({ studentNo: '7101', relation: '母亲' });
      const student = (await get(`mStudent/list?classId=${classId}&name=张浩然`, 'teacher01')).json().data.list[0];
      const added = await post('mParent/add', 'teacher01', { studentId: student.id, name: '张伟', phone: '13700009999', relation: '父亲' });
      expect(added.json().data).toMatchObject({ studentName: '张浩然', name: '张伟', relation: '父亲', classId });
      expect((await post('mParent/add', 'teacher01', { studentId: student.id, name: '张伟', phone: '999', relation: '父亲' })).json().message).toBe('请输入正确的手机号');
      expect((await post('mParent/add', 'teacherB01', { studentId: student.id, name: '张伟', phone: '13700009999', relation: '父亲' })).statusCode).toBe(404);
      const id = added.json().data.id;
      expect((await post('mParent/upl', 'teacher01', { id, name: '张伟', phone: '13700008888', relation: '父亲' })).json().data.phone).toBe('13700008888');
      expect((await get(`mParent/list?classId=${classId}&name=张伟`, 'teacher01')).json().data.total).toBe(1);
      expect((await del(`mParent/del?id=${id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await del(`mParent/del?id=${id}`, 'teacher01')).json().data).toEqual({ deleted: 1 });
    });

    it('binds textbooks to a class', async () => {
      const all = (await get('textbook/list', 'teacher01')).json().data as { id: number; name: string; grade: number }[];
      expect(all).toHaveLength(18);
      const g7 = (await get('textbook/list?grade=7', 'teacher01')).json().data as { id: number; name: string }[];
      expect(g7.map((b) => b.name)).toEqual(['语文 七年级上册', '语文 七年级下册']);
      const classId = byName('七年级1班').id;
      expect((await get(`textbook/classBound?classId=${classId}`, 'teacher01')).json().data).toEqual([]);
      const bound = await post('textbook/bind', 'teacher01', { classId, textbookIds: g7.map((b) => b.id) });
      expect(bound.json().data.map((b: { name: string }) => b.name)).toEqual(['语文 七年级上册', '语文 七年级下册']);
      expect((await post('textbook/bind', 'teacher01', { classId, textbookIds: [g7[0]!.id] })).json().data).toHaveLength(1);
      expect((await post('textbook/bind', 'teacherB01', { classId, textbookIds: [] })).statusCode).toBe(404);
      expect((await post('textbook/bind', 'teacher01', { classId, textbookIds: [999999] })).statusCode).toBe(404);
    });
  });

  describe('roster import', () => {
    const csv = [
      '姓名,学号,性别,唯一识别号,手机号',
      '林晓峰,1,男,R-001,13911110001',
      ',2,女,,', // missing name
      '陈一一,12345,女,,', // 5-digit id
      '周小舟,3,男,,139', // bad phone
      '吴桐,1,女,,', // duplicate of line 2
      '王子涵,7101,男,,', // already in the class
      '"欧阳, 娜娜",4,女,R-002,', // quoted comma
      '',
    ].join('\r\n');

    it('previews a CSV roster with a status and errors per row', async () => {
      const classId = byName('七年级1班').id;
      const res = await post(`mStudent/import/preview?classId=${classId}`, 'teacher01', { classId, fileName: 'roster.csv', contentBase64: Buffer.from('\uFEFF' + csv).toString('base64') });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ classId, fileName: 'roster.csv', total: 7, valid: 2, invalid: 5 });
      const byLine = Object.fromEntries(data.rows.map((r: { line: number; errors: { code: string }[] }) => [r.line, r.errors.map((e) => e.code)]));
      expect(byLine).toEqual({ 2: [], 3: ['NAME_MISSING'], 4: ['STUDENT_NO_INVALID'], 5: ['PHONE_INVALID'], 6: ['DUPLICATE_IN_FILE'], 7: ['STUDENT_NO_TAKEN'], 8: [] });
      expect(data.rows[2].errors[0].message).toBe('学号最多为 4 位数字');
      expect(data.rows[4].errors[0].message).toBe('文件中第 2 行已使用学号 1');
      expect(data.rows[6]).toMatchObject({ name: '欧阳, 娜娜', gender: 2, identificationNo: 'R-002', status: 'ok' });

      const commit = await post('mStudent/import/commit', 'teacher01', { classId, rows: data.rows.map(({ status: _s, errors: _e, ...r }: Record<string, unknown>) => r) });
      expect(commit.statusCode).toBe(200);
      expect(commit.json().data).toMatchObject({ created: 2, skipped: 5 });
      expect((await get(`mStudent/list?classId=${classId}`, 'teacher01')).json().data.total).toBe(47);
      // committing again imports nothing: the two rows now collide with the class
      expect((await post('mStudent/import/commit', 'teacher01', { classId, rows: data.rows.slice(0, 1).map(({ status: _s, errors: _e, ...r }: Record<string, unknown>) => r) })).json().data).toMatchObject({ created: 0, skipped: 1 });
    });

    it('previews an xlsx roster sent as multipart, in English', async () => {
      const classId = byName('七年级2班').id;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('名单');
      ws.addRow(['Name', 'Student ID', 'Gender', 'Phone']);
      ws.addRow(['许嘉言', 31, '男', '13900001111']);
      ws.addRow(['宁静', '32', '女', null]);
      ws.addRow(['超长学号', 99999, '女', null]);
      const content = Buffer.from(await wb.xlsx.writeBuffer());
      const { payload, headers } = multipartBody({ classId: String(classId) }, { field: 'file', name: 'roster.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content });
      const res = await t.call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, { token: tok.teacher01, payload, headers, lang: 'en' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ fileName: 'roster.xlsx', total: 3, valid: 2, invalid: 1 });
      expect(data.rows[0]).toMatchObject({ name: '许嘉言', studentNo: '31', gender: 1, phone: '13900001111', status: 'ok' });
      expect(data.rows[2].errors[0]).toMatchObject({ field: 'studentNo', message: 'The student ID must be at most 4 digits' });
      const commit = await post('mStudent/import/commit', 'teacher01', { classId, rows: data.rows.map(({ status: _s, errors: _e, ...r }: Record<string, unknown>) => r) });
      expect(commit.json().data.created).toBe(2);
    });

    it('refuses unreadable files, files without the name/student id header, and other teachers’ classes', async () => {
      const classId = byName('七年级2班').id;
      const send = (text: string, who = 'teacher01', id = classId) => post(`mStudent/import/preview?classId=${id}`, who, { classId: id, fileName: 'x.csv', contentBase64: Buffer.from(text).toString('base64') });
      expect((await send('foo,bar\n1,2')).json()).toMatchObject({ error: 'IMPORT_NOHEADER', message: expect.stringContaining('姓名') });
      expect((await send('姓名,学号\n')).json().error).toBe('IMPORT_EMPTY');
      expect((await post(`mStudent/import/preview?classId=${classId}`, 'teacher01', { classId, fileName: 'x.xlsx', contentBase64: Buffer.from('PKnot a zip').toString('base64') })).json().error).toBe('IMPORT_UNREADABLE');
      expect((await send('姓名,学号\n张三,1', 'teacherB01')).statusCode).toBe(404);
      expect((await send('姓名,学号\n张三,1', 'teacher01', byName('八年级3班').id)).statusCode).toBe(403);
      const { payload, headers } = multipartBody({ classId: String(classId) }, { field: 'file', name: 'big.csv', type: 'text/csv', content: Buffer.alloc(3 * 1024 * 1024, 0x41) });
      expect((await t.call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, { token: tok.teacher01, payload, headers })).statusCode).toBe(413);
    });
  });

  describe('class sync from the basic-data platform', () => {
    it('creates synced classes, changes nothing on a second run, and never touches classes made in zhipi', async () => {
      expect((await post('classSync/run', 'teacher01', {})).statusCode).toBe(403);
      expect((await get('classSync/last', 'classrole01')).json().data).toEqual({ report: null, configured: true });
      const manualBefore = (await get(`mclass/get?id=${byName('七年级1班').id}`, 'classrole01')).json().data;

      const first = await post('classSync/run', 'classrole01', {});
      expect(first.statusCode).toBe(200);
      const r1 = first.json().data;
      expect(r1.classes).toEqual({ created: 3, updated: 0, unchanged: 0, removed: 0 });
      expect(r1.students).toEqual({ created: 15, updated: 0, unchanged: 0, removed: 0 });
      expect(r1.names.classes.created.sort()).toEqual(['九年级1班', '九年级2班', '六年级1班']);
      expect(r1.manualClassesUntouched).toBe(3);

      const second = (await post('classSync/run', 'headmaster01', {})).json().data;
      expect(second.classes).toEqual({ created: 0, updated: 0, unchanged: 3, removed: 0 });
      expect(second.students).toEqual({ created: 0, updated: 0, unchanged: 15, removed: 0 });
      expect((await get('classSync/last', 'classrole01')).json().data.report.id).toBe(second.id);
      const manualAfter = (await get(`mclass/get?id=${byName('七年级1班').id}`, 'classrole01')).json().data;
      expect(manualAfter).toEqual(manualBefore);

      // the synced class whose teacher phone matches teacher01 is now theirs
      const mine = (await get('mclass/list', 'teacher01')).json().data.list as ClassItem[];
      const synced = mine.find((c) => c.name === '九年级1班')!;
      expect(synced).toMatchObject({ source: 'sync', studentCount: 6 });
      expect((await get(`mStudent/list?classId=${synced.id}`, 'teacher01')).json().data.list[0].source).toBe('sync');
      expect((await get('mclass/list', 'teacherB01')).json().data.total).toBe(1);
    });

    it('reports renamed, removed and new classes and students on the platform', async () => {
      const data = basic.data['智批实验学校']!;
      data[0]!.name = '九年级一班';
      data[0]!.students.pop();
      data[1]!.students.push({ id: 'bd-new', name: '新来的', gender: 'female', studentNo: '0999' });
      data.splice(2, 1);
      const r = (await post('classSync/run', 'classrole01', {})).json().data;
      expect(r.classes).toEqual({ created: 0, updated: 1, unchanged: 1, removed: 1 });
      expect(r.names.classes).toEqual({ created: [], updated: ['九年级一班'], removed: ['六年级1班'] });
      expect(r.students).toMatchObject({ created: 1, removed: 1 });
      expect(r.names.students.created).toEqual(['九年级2班 / 新来的']);
      const names = ((await get('mclass/list?pageSize=50', 'classrole01')).json().data.list as ClassItem[]).map((c) => c.name);
      expect(names).toContain('九年级一班');
      expect(names).not.toContain('六年级1班');
      expect(names).toContain('七年级1班');
    });
  });

  describe('headmaster basic-data maintenance', () => {
    it('adds, renames and deletes campuses; refuses a campus with classes', async () => {
      const added = await post('foundation/campus/add', 'headmaster01', { name: '南校区' });
      expect(added.json().data).toMatchObject({ name: '南校区', classCount: 0 });
      const id = added.json().data.id;
      expect((await post('foundation/campus/upl', 'headmaster01', { id, name: '南湖校区' })).json().data.name).toBe('南湖校区');
      expect((await post('foundation/campus/add', 'headmaster01', { name: '' })).json().message).toBe('请输入校区名称');
      expect((await del(`foundation/campus/del?id=${campusId}`, 'headmaster01')).json().error).toBe('CAMPUS_IN_USE');
      expect((await del(`foundation/campus/del?id=${id}`, 'teacherB01')).statusCode).toBe(403);
      expect((await del(`foundation/campus/del?id=${id}`, 'headmaster01')).json().data).toEqual({ deleted: 1 });
      for (const who of ['teacher01', 'classrole01', 'principal01']) expect((await post('foundation/campus/add', who, { name: 'x' })).statusCode, who).toBe(403);
    });

    it('adds semesters and moves the current flag', async () => {
      const res = await post('foundation/semester/add', 'headmaster01', { year: 2030, term: 1, startDate: '2030-09-01', endDate: '2031-01-20', isCurrent: true });
      expect(res.json().data).toMatchObject({ year: 2030, term: 1, isCurrent: true, name: '2030-2031学年上学期' });
      expect(res.json().data.semesterId).toBe(`${res.json().data.id}_2030_1`);
      expect((await post('foundation/semester/add', 'headmaster01', { year: 2030, term: 1, startDate: '2030-09-01', endDate: '2031-01-20' })).json().error).toBe('SEMESTER_EXISTS');
      const sems = (await get('mclass/selectSemester', 'headmaster01')).json().data as { id: number; isCurrent: boolean }[];
      expect(sems.filter((s) => s.isCurrent).map((s) => s.id)).toEqual([res.json().data.id]);
      const old = sems.find((s) => s.id === Number(semesterId.split('_')[0]))!;
      const back = await post('foundation/semester/upl', 'headmaster01', { ...old, year: Number(semesterId.split('_')[1]), term: Number(semesterId.split('_')[2]), isCurrent: true });
      expect(back.json().data.isCurrent).toBe(true);
      expect((await get('mclass/selectSemester', 'headmaster01')).json().data[0].semesterId).toBe(semesterId);
    });

    it('creates a teacher account with a one-time password and edits it', async () => {
      const res = await post('foundation/teacher/add', 'headmaster01', { username: 'newteacher01', realname: '钱老师', phone: '13855550001', campusId });
      expect(res.statusCode).toBe(200);
      const { teacher, initialPassword } = res.json().data;
      expect(teacher).toMatchObject({ name: '钱老师', username: 'newteacher01', roleId: 2, campusName: '主校区', classCount: 0 });
      expect(await t.login('newteacher01', initialPassword)).toBeTruthy();
      expect((await post('foundation/teacher/add', 'headmaster01', { username: 'newteacher01', realname: '钱老师', phone: '13855550002' })).json().error).toBe('USERNAME_TAKEN');
      expect((await post('foundation/teacher/upl', 'headmaster01', { id: teacher.id, realname: '钱明老师', campusId: null })).json().data).toMatchObject({ name: '钱明老师', campusId: null });
      expect((await post('foundation/teacher/upl', 'teacherB01', { id: teacher.id, realname: 'x', campusId: null })).statusCode).toBe(403);
      expect((await get('mSchoolTeacher/list', 'teacher01')).json().data.map((x: { username: string }) => x.username)).toContain('newteacher01');
    });
  });
});
