import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { STUDENT_NO_WIDTH } from '../../core/domain/student-order';

/**
 * The class-list order of src/core/domain/student-order.ts in SQL: the number padded with leading zeros
 * to four digits, never cut (lpad alone would cut a longer number). Follow it with the student id.
 */
export function studentNoOrder(column: AnyColumn): SQL {
  return sql`lpad(${column}, greatest(${sql.raw(String(STUDENT_NO_WIDTH))}, length(${column})), '0')`;
}
