import type { z } from 'zod';
import type { ApiClient } from '../client';
import { classes as classesRoutes } from '../routes/classes';
import { foundation as foundationRoutes } from '../routes/foundation';
import { students as studentsRoutes } from '../routes/students';
import type * as c from '../contracts/classes';
import type * as s from '../contracts/students';
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Classes, teachers, campuses, semesters, students, parents, textbooks, sync and basic-data maintenance. */
export function classesApi(client: ApiClient) {
  return {
    // classes (mclass/*)
    list: (query: Query<typeof c.classListQuery> = {}) => client.call(classesRoutes.mclassList, { query }),
    add: (body: In<typeof c.classBody>) => client.call(classesRoutes.mclassAdd, { body }, { silent: true }),
    get: (id: number) => client.call(classesRoutes.mclassGet, { query: { id } }),
    update: (body: In<typeof c.classUpdateBody>) => client.call(classesRoutes.mclassUpl, { body }, { silent: true }),
    remove: (id: number) => client.call(classesRoutes.mclassDel, { query: { id } }),
    semesters: () => client.call(classesRoutes.mclassSelectSemester),
    schoolTerms: () => client.call(classesRoutes.mclassSelectSchoolTerm),
    byCampusAndTerm: (query: Query<typeof c.classesByCampusQuery> = {}) =>
      client.call(classesRoutes.mclassGetClassListByCampusIdAndSystemTerm, { query }),
    loginQrCode: (id: number, lcwProgram?: 0 | 1) => client.call(classesRoutes.mclassLoginQrCode, { params: { id }, query: { lcwProgram } }),
    bindTeachers: (classId: number, teacherIds: number[]) => client.call(classesRoutes.mSchoolClassTeacherBinding, { body: { classId, teacherIds } }),
    relieveTeacher: (classId: number, teacherId: number) => client.call(classesRoutes.mSchoolClassTeacherRelieve, { body: { classId, teacherId } }),

    // selects (home/*, mSchoolTeacher, roles, mSchoolCampus)
    listSemester: () => client.call(classesRoutes.homeListSemester),
    listSemesterBySchoolId: (schoolId?: number) => client.call(classesRoutes.homeListSemesterBySchoolId, { query: { schoolId } }),
    listGradeSelect: () => client.call(classesRoutes.homeListGradeSelect),
    listGradeSelectBySchoolId: (schoolId?: number) => client.call(classesRoutes.homeListGradeSelectBySchoolId, { query: { schoolId } }),
    listGrade: () => client.call(classesRoutes.homeListGrade),
    teachers: (query: Query<typeof c.teacherListQuery> = {}) => client.call(classesRoutes.mSchoolTeacherList, { query }),
    roles: () => client.call(classesRoutes.rolesAll),
    campuses: () => client.call(classesRoutes.mSchoolCampusList),
    currentCampus: () => client.call(classesRoutes.mSchoolCampusCurrentUser),
    campusesByTeacher: (teacherId?: number) => client.call(classesRoutes.mSchoolCampusGetCampusByTeacher, { query: { teacherId } }),

    // students (mStudent/*)
    students: (query: Query<typeof s.studentListQuery> & { classId: number }) => client.call(studentsRoutes.mStudentList, { query }),
    addStudent: (body: In<typeof s.studentBody>) => client.call(studentsRoutes.mStudentAdd, { body }, { silent: true }),
    updateStudent: (body: In<typeof s.studentUpdateBody>) => client.call(studentsRoutes.mStudentUpl, { body }, { silent: true }),
    resetStudentCode: (id: number) => client.call(studentsRoutes.mStudentResetCode, { body: { id } }),
    removeStudents: (ids: number[]) => client.call(studentsRoutes.mStudentDel, { query: { ids: ids.join(',') } }),
    moveStudents: (ids: number[], toClassId: number) => client.call(studentsRoutes.mStudentMove, { body: { ids, toClassId } }, { silent: true }),
    /** Roster preview: send the CSV/xlsx file as Base64 (the route also takes multipart `classId` + `file`). */
    importPreview: (body: In<typeof s.importPreviewBody>) => client.call(studentsRoutes.mStudentImportPreview, { query: { classId: body.classId }, body }, { silent: true }),
    importCommit: (body: In<typeof s.importCommitBody>) => client.call(studentsRoutes.mStudentImportCommit, { body }),

    // parents (mParent/*)
    parents: (query: Query<typeof s.parentListQuery> & { classId: number }) => client.call(studentsRoutes.mParentList, { query }),
    addParent: (body: In<typeof s.parentBody>) => client.call(studentsRoutes.mParentAdd, { body }, { silent: true }),
    updateParent: (body: In<typeof s.parentUpdateBody>) => client.call(studentsRoutes.mParentUpl, { body }, { silent: true }),
    removeParent: (id: number) => client.call(studentsRoutes.mParentDel, { query: { id } }),

    // textbooks (/class/bind)
    textbooks: (grade?: number) => client.call(studentsRoutes.textbookList, { query: { grade } }),
    classTextbooks: (classId: number) => client.call(studentsRoutes.textbookClassBound, { query: { classId } }),
    bindTextbooks: (classId: number, textbookIds: number[]) => client.call(studentsRoutes.textbookBind, { body: { classId, textbookIds } }),

    // class sync from the basic-data platform
    runSync: () => client.call(foundationRoutes.classSyncRun),
    lastSync: () => client.call(foundationRoutes.classSyncLast),

    // headmaster basic-data maintenance (/teachingAdmin/foundation)
    addCampus: (name: string) => client.call(foundationRoutes.foundationCampusAdd, { body: { name } }, { silent: true }),
    updateCampus: (id: number, name: string) => client.call(foundationRoutes.foundationCampusUpl, { body: { id, name } }, { silent: true }),
    removeCampus: (id: number) => client.call(foundationRoutes.foundationCampusDel, { query: { id } }),
    addSemester: (body: In<typeof c.semesterBody>) => client.call(foundationRoutes.foundationSemesterAdd, { body }, { silent: true }),
    updateSemester: (body: In<typeof c.semesterUpdateBody>) => client.call(foundationRoutes.foundationSemesterUpl, { body }, { silent: true }),
    addTeacher: (body: In<typeof c.teacherBody>) => client.call(foundationRoutes.foundationTeacherAdd, { body }, { silent: true }),
    updateTeacher: (body: In<typeof c.teacherUpdateBody>) => client.call(foundationRoutes.foundationTeacherUpl, { body }, { silent: true }),
  };
}
export type ClassesApi = ReturnType<typeof classesApi>;
