import type * as c from '../contracts/classes';
import type * as shapes from '../contracts/shapes/classes';
import type { idQuery } from '../contracts/paging';
import type { idParams } from '../contracts/paging';
import { route } from './route';

/** /platform-management: classes.ts routes. */
export const classes = {
  mclassList: route<{ query: typeof c.classListQuery; answer: typeof shapes.mclassListAnswer }>('GET', '/platform-management/mclass/list', {
    summary: "Classes of the school the caller may see (a teacher: only the classes they teach), paged",
    tags: ["platform-management: classes"],
  }),
  mclassAdd: route<{ body: typeof c.classBody; answer: typeof c.classItem }>('POST', '/platform-management/mclass/add', {
    summary: "Create a class (a missing grade, main teacher, campus, name or semester is refused with its field named)",
    tags: ["platform-management: classes"],
  }),
  mclassGet: route<{ query: typeof idQuery; answer: typeof c.classItem }>('GET', '/platform-management/mclass/get', {
    summary: "One class the caller may see",
    tags: ["platform-management: classes"],
  }),
  mclassUpl: route<{ body: typeof c.classUpdateBody; answer: typeof c.classItem }>('POST', '/platform-management/mclass/upl', {
    summary: "Modify a class (teachers: only classes they teach)",
    tags: ["platform-management: classes"],
  }),
  mclassDel: route<{ query: typeof idQuery; answer: typeof shapes.deleted }>('DELETE', '/platform-management/mclass/del', {
    summary: "Delete a class (soft delete; its tasks and essays stay readable)",
    tags: ["platform-management: classes"],
  }),
  mclassSelectSemester: route<{ answer: typeof shapes.mclassSelectSemesterAnswer }>('GET', '/platform-management/mclass/selectSemester', {
    summary: "Semesters of the school, current first (semesterId = id_year_term)",
    tags: ["platform-management: classes"],
  }),
  mclassSelectSchoolTerm: route<{ answer: typeof shapes.mclassSelectSchoolTermAnswer }>('GET', '/platform-management/mclass/selectSchoolTerm', {
    summary: "School terms: 1 first term, 2 second term",
    tags: ["platform-management: classes"],
  }),
  mclassGetClassListByCampusIdAndSystemTerm: route<{ query: typeof c.classesByCampusQuery; answer: typeof shapes.mclassGetClassListByCampusIdAndSystemTermAnswer }>('GET', '/platform-management/mclass/getClassListByCampusIdAndSystemTerm', {
    summary: "Classes by campus and semester for pickers (a teacher: only their classes)",
    tags: ["platform-management: classes"],
  }),
  mclassLoginQrCode: route<{ params: typeof idParams; query: typeof c.loginQrCodeQuery; answer: typeof c.loginQrCode }>('GET', '/platform-management/mclass/:id/loginQrCode', {
    summary: "What the class login QR code encodes: the H5 join page with the class code (lcwProgram=1 for the etiquette test)",
    tags: ["platform-management: classes"],
  }),
  mSchoolClassTeacherBinding: route<{ body: typeof c.bindingBody; answer: typeof c.classItem }>('POST', '/platform-management/mSchoolClassTeacher/binding', {
    summary: "Bind teachers of the school to a class",
    tags: ["platform-management: classes"],
  }),
  mSchoolClassTeacherRelieve: route<{ body: typeof c.relieveBody; answer: typeof shapes.mSchoolClassTeacherRelieveAnswer }>('POST', '/platform-management/mSchoolClassTeacher/relieve', {
    summary: "Unbind a teacher from a class (null when the caller no longer sees it)",
    tags: ["platform-management: classes"],
  }),
  homeListSemester: route<{ answer: typeof shapes.homeListSemesterAnswer }>('GET', '/platform-management/home/listSemester', {
    summary: "Semesters of the caller’s school",
    tags: ["platform-management: classes"],
  }),
  homeListSemesterBySchoolId: route<{ query: typeof c.schoolIdQuery; answer: typeof shapes.homeListSemesterBySchoolIdAnswer }>('GET', '/platform-management/home/listSemesterBySchoolId', {
    summary: "Semesters of a school (only the caller’s own)",
    tags: ["platform-management: classes"],
  }),
  homeListGradeSelect: route<{ answer: typeof shapes.homeListGradeSelectAnswer }>('GET', '/platform-management/home/listGradeSelect', {
    summary: "Grade options 1–9 and senior high 1–3",
    tags: ["platform-management: classes"],
  }),
  homeListGradeSelectBySchoolId: route<{ query: typeof c.schoolIdQuery; answer: typeof shapes.homeListGradeSelectBySchoolIdAnswer }>('GET', '/platform-management/home/listGradeSelectBySchoolId', {
    summary: "Grade options of a school (only the caller’s own)",
    tags: ["platform-management: classes"],
  }),
  homeListGrade: route<{ answer: typeof shapes.homeListGradeAnswer }>('GET', '/platform-management/home/listGrade', {
    summary: "Grades with the number of classes the caller sees in each",
    tags: ["platform-management: classes"],
  }),
  mSchoolTeacherList: route<{ query: typeof c.teacherListQuery; answer: typeof shapes.mSchoolTeacherListAnswer }>('GET', '/platform-management/mSchoolTeacher/list', {
    summary: "Teachers of the school (main-teacher and binding selects); all=1 lists every identity",
    tags: ["platform-management: classes"],
  }),
  rolesAll: route<{ answer: typeof shapes.rolesAllAnswer }>('GET', '/platform-management/roles/all', {
    summary: "Role names",
    tags: ["platform-management: classes"],
  }),
  mSchoolCampusList: route<{ answer: typeof shapes.mSchoolCampusListAnswer }>('GET', '/platform-management/mSchoolCampus/list', {
    summary: "Campuses of the school with their class counts",
    tags: ["platform-management: classes"],
  }),
  mSchoolCampusCurrentUser: route<{ answer: typeof shapes.mSchoolCampusCurrentUserAnswer }>('GET', '/platform-management/mSchoolCampus/currentUser', {
    summary: "The campus of the current identity (null when it has none)",
    tags: ["platform-management: classes"],
  }),
  mSchoolCampusGetCampusByTeacher: route<{ query: typeof c.campusByTeacherQuery; answer: typeof shapes.mSchoolCampusGetCampusByTeacherAnswer }>('GET', '/platform-management/mSchoolCampus/getCampusByTeacher', {
    summary: "Campuses where a teacher (default: the caller) has classes; a teacher may ask only about themself",
    tags: ["platform-management: classes"],
  }),
};
