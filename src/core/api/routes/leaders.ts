import type * as c from '../contracts/leaders';
import { route } from './route';

/** /platform-management: leaders.ts routes. */
export const leaders = {
  overview: route<{ query: typeof c.leaderFilterQuery; answer: typeof c.headmasterOverview }>('GET', '/platform-management/leaders/overview', {
    summary: "Headmaster home: tasks, submissions, AI-corrected and approved (counts, rates), turnaround, score bands by grade, common problems, teachers waiting longest",
    tags: ["platform-management: school leaders (headmaster home, teaching admin)"],
  }),
  grade: route<{ query: typeof c.gradeDataQuery; answer: typeof c.gradeData }>('GET', '/platform-management/leaders/grade', {
    summary: "Grade data: per class tasks, submission and approval rates, averages (dimensions on the page), per grade, monthly trend",
    tags: ["platform-management: school leaders (headmaster home, teaching admin)"],
  }),
  teacher: route<{ query: typeof c.teacherDataQuery; answer: typeof c.teacherData }>('GET', '/platform-management/leaders/teacher', {
    summary: "Teacher data: classes, tasks, approvals, median approval time, AI score changes, comments",
    tags: ["platform-management: school leaders (headmaster home, teaching admin)"],
  }),
  student: route<{ query: typeof c.studentDataQuery; answer: typeof c.studentData }>('GET', '/platform-management/leaders/student', {
    summary: "Student data: per class students, active writers, essays per student, words, growth; per grade",
    tags: ["platform-management: school leaders (headmaster home, teaching admin)"],
  }),
  export: route<{ query: typeof c.leaderExportQuery }>('GET', '/platform-management/leaders/export', {
    summary: "One /teachingAdmin table, every row of the filters, as xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)",
    tags: ["platform-management: school leaders (headmaster home, teaching admin)"],
  }),
};
