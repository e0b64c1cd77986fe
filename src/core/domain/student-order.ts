/**
 * Class lists run by student number as a teacher reads it: numbers are compared as if padded to four
 * digits with leading zeros ("7" before "12"), then by student id, so two students with one number
 * keep a stable order. Every list, screen, export and SQL ORDER BY uses this rule
 * (the SQL form is studentNoOrder in src/server/repositories/student-order-sql.ts).
 */
export const STUDENT_NO_WIDTH = 4;

/** The key a student number sorts by: padded to STUDENT_NO_WIDTH, never cut. */
export function studentNoSortKey(studentNo: string): string {
  return studentNo.padStart(STUDENT_NO_WIDTH, '0');
}

/** Compares two student numbers by the class-list rule. */
export function compareStudentNo(a: string, b: string): number {
  const ka = studentNoSortKey(a);
  const kb = studentNoSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Sorts students (or rows about them) by number, then id. */
export function byStudentNo(a: { studentNo: string; id: number }, b: { studentNo: string; id: number }): number {
  return compareStudentNo(a.studentNo, b.studentNo) || a.id - b.id;
}
