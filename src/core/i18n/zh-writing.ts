/** Chinese text of the writing-list area (issue 6/7). */
export const zhWriting = {
} as const;
