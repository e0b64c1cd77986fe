import type * as s from '../contracts/students';
import type * as shapes from '../contracts/shapes/students';
import type { idQuery } from '../contracts/paging';
import { route } from './route';

/** /platform-management: students.ts routes. */
export const students = {
  mStudentList: route<{ query: typeof s.studentListQuery; answer: typeof shapes.mStudentListAnswer }>('GET', '/platform-management/mStudent/list', {
    summary: "Students of a class (search by name or student id), paged",
    tags: ["platform-management: students and parents"],
  }),
  mStudentAdd: route<{ body: typeof s.studentBody; answer: typeof s.student }>('POST', '/platform-management/mStudent/add', {
    summary: "Add a student (student id 1–4 digits, unique in the class)",
    tags: ["platform-management: students and parents"],
  }),
  mStudentUpl: route<{ body: typeof s.studentUpdateBody; answer: typeof s.student }>('POST', '/platform-management/mStudent/upl', {
    summary: "Edit a student",
    tags: ["platform-management: students and parents"],
  }),
  mStudentResetCode: route<{ body: typeof shapes.mStudentResetCodeBody; answer: typeof shapes.mStudentResetCodeAnswer }>('POST', '/platform-management/mStudent/resetCode', {
    summary: "Give a student a new 学生码 (H5 code); the old one stops working at once",
    tags: ["platform-management: students and parents"],
  }),
  mStudentDel: route<{ query: typeof s.studentDelQuery; answer: typeof shapes.deleted }>('DELETE', '/platform-management/mStudent/del', {
    summary: "Remove students (comma-separated ids)",
    tags: ["platform-management: students and parents"],
  }),
  mStudentMove: route<{ body: typeof s.studentMoveBody; answer: typeof shapes.mStudentMoveAnswer }>('POST', '/platform-management/mStudent/move', {
    summary: "Move students to another class",
    tags: ["platform-management: students and parents"],
  }),
  mStudentImportPreview: route<{ query: typeof s.importPreviewQuery; body: typeof s.importPreviewBody; answer: typeof s.importPreview }>('POST', '/platform-management/mStudent/import/preview', {
    summary: "Roster preview from CSV or xlsx: per-row status and errors (JSON with Base64 content, or multipart file, ≤ 2 MB). The class is named in the query (?classId=) and checked before the file is read; one roster per school is read at a time and a busy server answers 503 at once",
    tags: ["platform-management: students and parents"],
    errors: [503],
    consumes: ["application/json","multipart/form-data"],
  }),
  mStudentImportCommit: route<{ body: typeof s.importCommitBody; answer: typeof s.importCommitResult }>('POST', '/platform-management/mStudent/import/commit', {
    summary: "Import the valid roster rows in one transaction; rows with errors are skipped and reported",
    tags: ["platform-management: students and parents"],
  }),
  mParentList: route<{ query: typeof s.parentListQuery; answer: typeof shapes.mParentListAnswer }>('GET', '/platform-management/mParent/list', {
    summary: "Parents of the students of a class, paged",
    tags: ["platform-management: students and parents"],
  }),
  mParentAdd: route<{ body: typeof s.parentBody; answer: typeof s.parent }>('POST', '/platform-management/mParent/add', {
    summary: "Add a parent to a student",
    tags: ["platform-management: students and parents"],
  }),
  mParentUpl: route<{ body: typeof s.parentUpdateBody; answer: typeof s.parent }>('POST', '/platform-management/mParent/upl', {
    summary: "Edit a parent",
    tags: ["platform-management: students and parents"],
  }),
  mParentDel: route<{ query: typeof idQuery; answer: typeof shapes.deleted }>('DELETE', '/platform-management/mParent/del', {
    summary: "Remove a parent",
    tags: ["platform-management: students and parents"],
  }),
  textbookList: route<{ query: typeof s.textbookListQuery; answer: typeof shapes.textbookListAnswer }>('GET', '/platform-management/textbook/list', {
    summary: "Textbooks (部编版 语文), optionally of one grade",
    tags: ["platform-management: students and parents"],
  }),
  textbookClassBound: route<{ query: typeof s.classIdQuery; answer: typeof shapes.textbookClassBoundAnswer }>('GET', '/platform-management/textbook/classBound', {
    summary: "Textbooks bound to a class",
    tags: ["platform-management: students and parents"],
  }),
  textbookBind: route<{ body: typeof s.textbookBindBody; answer: typeof shapes.textbookBindAnswer }>('POST', '/platform-management/textbook/bind', {
    summary: "Replace the textbooks bound to a class",
    tags: ["platform-management: students and parents"],
  }),
};
