/** Chinese text of the correction-panel area (issue 6/7). */
export const zhPanel = {
} as const;
