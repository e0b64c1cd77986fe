import { schoolTime } from '../../core/time/school-time';

/** product-rules.md#limits date format YYYY-MM-DD HH:mm:ss, in China Standard Time (the schools' zone; core/time/school-time.ts). */
export function formatCst(d: Date): string {
  return schoolTime(d);
}
