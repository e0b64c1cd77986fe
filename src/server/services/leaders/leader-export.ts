// xlsx of a /teachingAdmin table: every row of the scope (not only the page shown), in the page's
// sort, with the column headings in the caller's language.
import { loadExcel } from '../excel-lazy';
import type { ClassRow, StudentRow, TeacherRow } from '../../../core/api/contracts/leaders';
import { translate, type Lang, type MessageKey } from '../../../core/i18n';
import { attachmentHeader } from '../writing-export';
import type { AuthContext } from '../auth-context';
import type { LeaderDashboards, TableQuery } from './leader-dashboards';

type Column<T> = [MessageKey, (r: T) => string | number | null];
const pct = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 10);

const GRADE_COLUMNS: Column<Omit<ClassRow, 'dimensions'>>[] = [
  ['leaders.col.grade', (r) => r.gradeLabel], ['leaders.col.className', (r) => r.className], ['leaders.col.campus', (r) => r.campus],
  ['leaders.col.students', (r) => r.students], ['leaders.col.tasks', (r) => r.tasks], ['leaders.col.submitted', (r) => r.submitted],
  ['leaders.col.approved', (r) => r.approved], ['leaders.col.submissionRate', (r) => pct(r.submissionRate)],
  ['leaders.col.approvalRate', (r) => pct(r.approvalRate)], ['leaders.col.average', (r) => r.average],
];
const TEACHER_COLUMNS: Column<TeacherRow>[] = [
  ['leaders.col.teacher', (r) => r.name], ['leaders.col.classes', (r) => r.classes], ['leaders.col.tasks', (r) => r.tasks],
  ['leaders.col.approved', (r) => r.approved], ['leaders.col.medianHours', (r) => r.medianHours], ['leaders.col.changedRate', (r) => pct(r.changedRate)],
  ['leaders.col.averageChange', (r) => r.averageChange], ['leaders.col.averageAbsChange', (r) => r.averageAbsChange],
  ['leaders.col.comments', (r) => r.comments], ['leaders.col.annotations', (r) => r.annotations],
];
const STUDENT_COLUMNS: Column<StudentRow>[] = [
  ['leaders.col.grade', (r) => r.gradeLabel], ['leaders.col.className', (r) => r.className], ['leaders.col.campus', (r) => r.campus],
  ['leaders.col.students', (r) => r.students], ['leaders.col.activeWriters', (r) => r.activeWriters], ['leaders.col.essays', (r) => r.essays],
  ['leaders.col.essaysPerStudent', (r) => r.essaysPerStudent], ['leaders.col.words', (r) => r.words], ['leaders.col.growth', (r) => r.growth],
];

async function sheet<T>(title: string, columns: Column<T>[], rows: T[], lang: Lang): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(title);
  ws.addRow(columns.map(([k]) => translate(lang, k)));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map(([, f]) => f(r) ?? ''));
  ws.columns.forEach((c) => (c.width = 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function exportLeaderTable(svc: LeaderDashboards, auth: AuthContext, kind: 'grade' | 'teacher' | 'student', q: Omit<TableQuery, 'pageNum' | 'pageSize'>, lang: Lang) {
  const all = { ...q, pageNum: 1, pageSize: 1 };
  const title = translate(lang, `leaders.sheet.${kind}`);
  const file = (body: Buffer, rows: number) => ({ body, rows, contentDisposition: attachmentHeader(`${title}.xlsx`, `${kind}-data.xlsx`) });
  if (kind === 'grade') {
    const d = await svc.gradeData(auth, all, lang);
    return file(await sheet(title, GRADE_COLUMNS, d.all, lang), d.all.length);
  }
  if (kind === 'teacher') {
    const d = await svc.teacherData(auth, all, lang);
    return file(await sheet(title, TEACHER_COLUMNS, d.all, lang), d.all.length);
  }
  const d = await svc.studentData(auth, all, lang);
  return file(await sheet(title, STUDENT_COLUMNS, d.all, lang), d.all.length);
}
