import type { zhSso } from './zh-sso';

/** English text of the sso area. */
export const enSso: Record<keyof typeof zhSso, string> = {
};
