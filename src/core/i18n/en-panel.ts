import type { zhPanel } from './zh-panel';

/** English text of the correction-panel area. */
export const enPanel: Record<keyof typeof zhPanel, string> = {
};
