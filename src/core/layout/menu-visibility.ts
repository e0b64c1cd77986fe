import { VERSION_WITHOUT_QUESTION_BANK } from '../constants';
import type { MenuItem } from '../api/contracts/auth';

/**
 * product-rules.md#screens main layout: the side menu hides items flagged not-shown, and the question bank
 * (requireWork) when the school's version id is 2.
 */
export function visibleMenus(menus: readonly MenuItem[], schoolVersionId: number | null | undefined): MenuItem[] {
  return menus
    .filter((m) => !m.notShown)
    .filter((m) => !(schoolVersionId === VERSION_WITHOUT_QUESTION_BANK && m.path.startsWith('/requireWork')))
    .sort((a, b) => a.sort - b.sort);
}
