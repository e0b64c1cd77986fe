import { describe, expect, it } from 'vitest';
import { byStudentNo, compareStudentNo, studentNoSortKey } from './student-order';

describe('student-number order', () => {
  it('puts 7 before 12 (numbers compared as padded to four digits)', () => {
    expect(['12', '7', '0003', '100'].sort(compareStudentNo)).toEqual(['0003', '7', '12', '100']);
  });

  it('treats 7 and 0007 as the same number and breaks the tie by id', () => {
    const rows = [
      { studentNo: '0007', id: 9 },
      { studentNo: '7', id: 2 },
      { studentNo: '10', id: 1 },
    ];
    expect([...rows].sort(byStudentNo).map((r) => r.id)).toEqual([2, 9, 1]);
  });

  it('never cuts a number longer than four digits (SQL lpad alone would)', () => {
    expect(studentNoSortKey('12345')).toBe('12345');
    expect(studentNoSortKey('12')).toBe('0012');
  });
});
