/** Chinese text of the sso area (issue 6/7). */
export const zhSso = {
} as const;
