import type { zhWriting } from './zh-writing';

/** English text of the writing-list area. */
export const enWriting: Record<keyof typeof zhWriting, string> = {
};
