import type { ScoringLevel } from '../../core/api/contracts/scoring';
import type { Translate } from '../i18n/i18n-context';

/** The seeded default standard is stored with a Chinese name; readers see it in their language. */
export function standardName(level: Pick<ScoringLevel, 'name' | 'isDefault'>, t: Translate): string {
  return level.isDefault ? t('scoring.defaultName') : level.name;
}
