import { LIMIT_STATUS, ROLE } from '../constants';
import { EXPIRED_PATH, HOME_PATH } from '../routes/route-table';

export interface LandingFacts {
  limitStatus: number;
  category: number;
  roleId: number;
}

/** product-rules.md#screens "After login": where a user lands. */
export function landingPath(user: LandingFacts): string {
  if (user.limitStatus === LIMIT_STATUS.expired) return EXPIRED_PATH;
  if (user.category !== 0 && user.category !== 1) return HOME_PATH;
  switch (user.roleId) {
    case ROLE.classRole:
      return '/class';
    case ROLE.headmaster:
    case ROLE.principal:
      return '/headmaster';
    default:
      return HOME_PATH;
  }
}
