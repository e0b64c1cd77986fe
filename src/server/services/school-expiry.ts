import { LIMIT_STATUS } from '../../core/constants';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { schoolsRepo } from '../repositories/schools';

/**
 * Public pages reached by a class code (students' H5) answer for a school only while its
 * subscription runs, like every signed-in route does (product-rules.md#states: an expired system leaves only /expired).
 */
export async function assertSchoolActive(db: Executor, schoolId: number): Promise<void> {
  const school = await schoolsRepo.findById(db, schoolId);
  if (!school || school.limitStatus === LIMIT_STATUS.expired) {
    throw new AppError(403, 'SYSTEM_EXPIRED', 'error.systemExpiredMarker', undefined, { show: true });
  }
}
