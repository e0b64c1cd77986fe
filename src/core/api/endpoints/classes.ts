import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/classes';
import type * as s from '../contracts/students';
import type { Option, Paged } from '../contracts/paging';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Classes, teachers, campuses, semesters, students, parents, textbooks, sync and basic-data maintenance. */
export function classesApi(client: ApiClient) {
  return {
    // classes (mclass/*)
    list: (query: Query<typeof c.classListQuery> = {}) => client.get<Paged<Out<typeof c.classItem>>>(`${MGMT}/mclass/list`, { query }),
    add: (body: In<typeof c.classBody>) => client.post<Out<typeof c.classItem>>(`${MGMT}/mclass/add`, body, { silent: true }),
    get: (id: number) => client.get<Out<typeof c.classItem>>(`${MGMT}/mclass/get`, { query: { id } }),
    update: (body: In<typeof c.classUpdateBody>) => client.post<Out<typeof c.classItem>>(`${MGMT}/mclass/upl`, body, { silent: true }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/mclass/del`, { query: { id } }),
    semesters: () => client.get<Out<typeof c.semester>[]>(`${MGMT}/mclass/selectSemester`),
    schoolTerms: () => client.get<Out<typeof c.schoolTerm>[]>(`${MGMT}/mclass/selectSchoolTerm`),
    byCampusAndTerm: (query: Query<typeof c.classesByCampusQuery> = {}) =>
      client.get<Out<typeof c.classBrief>[]>(`${MGMT}/mclass/getClassListByCampusIdAndSystemTerm`, { query }),
    loginQrCode: (id: number, lcwProgram?: 0 | 1) => client.get<Out<typeof c.loginQrCode>>(`${MGMT}/mclass/${id}/loginQrCode`, { query: { lcwProgram } }),
    bindTeachers: (classId: number, teacherIds: number[]) => client.post<Out<typeof c.classItem>>(`${MGMT}/mSchoolClassTeacher/binding`, { classId, teacherIds }),
    relieveTeacher: (classId: number, teacherId: number) => client.post<Out<typeof c.classItem> | null>(`${MGMT}/mSchoolClassTeacher/relieve`, { classId, teacherId }),

    // selects (home/*, mSchoolTeacher, roles, mSchoolCampus)
    listSemester: () => client.get<Out<typeof c.semester>[]>(`${MGMT}/home/listSemester`),
    listSemesterBySchoolId: (schoolId?: number) => client.get<Out<typeof c.semester>[]>(`${MGMT}/home/listSemesterBySchoolId`, { query: { schoolId } }),
    listGradeSelect: () => client.get<Option[]>(`${MGMT}/home/listGradeSelect`),
    listGradeSelectBySchoolId: (schoolId?: number) => client.get<Option[]>(`${MGMT}/home/listGradeSelectBySchoolId`, { query: { schoolId } }),
    listGrade: () => client.get<Out<typeof c.gradeItem>[]>(`${MGMT}/home/listGrade`),
    teachers: (query: Query<typeof c.teacherListQuery> = {}) => client.get<Out<typeof c.teacherItem>[]>(`${MGMT}/mSchoolTeacher/list`, { query }),
    roles: () => client.get<Out<typeof c.roleItem>[]>(`${MGMT}/roles/all`),
    campuses: () => client.get<Out<typeof c.campusItem>[]>(`${MGMT}/mSchoolCampus/list`),
    currentCampus: () => client.get<Out<typeof c.campusItem> | null>(`${MGMT}/mSchoolCampus/currentUser`),
    campusesByTeacher: (teacherId?: number) => client.get<Out<typeof c.campusItem>[]>(`${MGMT}/mSchoolCampus/getCampusByTeacher`, { query: { teacherId } }),

    // students (mStudent/*)
    students: (query: Query<typeof s.studentListQuery> & { classId: number }) => client.get<Paged<Out<typeof s.student>>>(`${MGMT}/mStudent/list`, { query }),
    addStudent: (body: In<typeof s.studentBody>) => client.post<Out<typeof s.student>>(`${MGMT}/mStudent/add`, body, { silent: true }),
    updateStudent: (body: In<typeof s.studentUpdateBody>) => client.post<Out<typeof s.student>>(`${MGMT}/mStudent/upl`, body, { silent: true }),
    resetStudentCode: (id: number) => client.post<{ id: number; h5Code: string }>(`${MGMT}/mStudent/resetCode`, { id }),
    removeStudents: (ids: number[]) => client.delete<{ deleted: number }>(`${MGMT}/mStudent/del`, { query: { ids: ids.join(',') } }),
    moveStudents: (ids: number[], toClassId: number) => client.post<{ moved: number }>(`${MGMT}/mStudent/move`, { ids, toClassId }, { silent: true }),
    /** Roster preview: send the CSV/xlsx file as Base64 (the route also takes multipart `classId` + `file`). */
    importPreview: (body: In<typeof s.importPreviewBody>) => client.post<Out<typeof s.importPreview>>(`${MGMT}/mStudent/import/preview?classId=${body.classId}`, body, { silent: true }),
    importCommit: (body: In<typeof s.importCommitBody>) => client.post<Out<typeof s.importCommitResult>>(`${MGMT}/mStudent/import/commit`, body),

    // parents (mParent/*)
    parents: (query: Query<typeof s.parentListQuery> & { classId: number }) => client.get<Paged<Out<typeof s.parent>>>(`${MGMT}/mParent/list`, { query }),
    addParent: (body: In<typeof s.parentBody>) => client.post<Out<typeof s.parent>>(`${MGMT}/mParent/add`, body, { silent: true }),
    updateParent: (body: In<typeof s.parentUpdateBody>) => client.post<Out<typeof s.parent>>(`${MGMT}/mParent/upl`, body, { silent: true }),
    removeParent: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/mParent/del`, { query: { id } }),

    // textbooks (/class/bind)
    textbooks: (grade?: number) => client.get<Out<typeof s.textbook>[]>(`${MGMT}/textbook/list`, { query: { grade } }),
    classTextbooks: (classId: number) => client.get<Out<typeof s.textbook>[]>(`${MGMT}/textbook/classBound`, { query: { classId } }),
    bindTextbooks: (classId: number, textbookIds: number[]) => client.post<Out<typeof s.textbook>[]>(`${MGMT}/textbook/bind`, { classId, textbookIds }),

    // class sync from the basic-data platform
    runSync: () => client.post<Out<typeof c.syncReport>>(`${MGMT}/classSync/run`),
    lastSync: () => client.get<Out<typeof c.lastSync>>(`${MGMT}/classSync/last`),

    // headmaster basic-data maintenance (/teachingAdmin/foundation)
    addCampus: (name: string) => client.post<Out<typeof c.campusItem>>(`${MGMT}/foundation/campus/add`, { name }, { silent: true }),
    updateCampus: (id: number, name: string) => client.post<Out<typeof c.campusItem>>(`${MGMT}/foundation/campus/upl`, { id, name }, { silent: true }),
    removeCampus: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/foundation/campus/del`, { query: { id } }),
    addSemester: (body: In<typeof c.semesterBody>) => client.post<Out<typeof c.semester>>(`${MGMT}/foundation/semester/add`, body, { silent: true }),
    updateSemester: (body: In<typeof c.semesterUpdateBody>) => client.post<Out<typeof c.semester>>(`${MGMT}/foundation/semester/upl`, body, { silent: true }),
    addTeacher: (body: In<typeof c.teacherBody>) => client.post<Out<typeof c.teacherCreated>>(`${MGMT}/foundation/teacher/add`, body, { silent: true }),
    updateTeacher: (body: In<typeof c.teacherUpdateBody>) => client.post<Out<typeof c.teacherItem>>(`${MGMT}/foundation/teacher/upl`, body, { silent: true }),
  };
}
export type ClassesApi = ReturnType<typeof classesApi>;
