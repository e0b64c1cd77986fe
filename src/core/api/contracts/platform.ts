import { z } from 'zod';

export const dictItem = z.object({ label: z.string(), value: z.string(), sort: z.number().int() });
export const dictQuery = z.object({ dictName: z.string().trim().min(1).max(64) });
export const dictMapQuery = z.object({ dictName: z.string().trim().min(1).max(512) });

export const schoolInfo = z.object({
  schoolId: z.number().int(),
  schoolName: z.string(),
  isSchoolTeacher: z.boolean(),
  teacherVersion: z.number().int(),
  campusName: z.string().nullable(),
  isSynchronizationSchool: z.boolean(),
  category: z.number().int(),
  schoolType: z.number().int(),
});
export type SchoolInfo = z.infer<typeof schoolInfo>;

export const schoolVersionQuery = z.object({ schoolId: z.coerce.number().int().optional() });
export const schoolVersion = z.object({ schoolId: z.number().int(), versionId: z.number().int(), versionName: z.string() });
export type SchoolVersion = z.infer<typeof schoolVersion>;

export const notification = z.object({
  id: z.number().int(),
  message: z.string(),
  isRead: z.number().int(),
  updatedTime: z.string(),
  /** in-app path the notification opens (e.g. an essay's correction screen), or null */
  link: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof notification>;
/** isRead 0 = unread only, 2 = all (product-rules.md#api). */
export const sysMessagesQuery = z.object({ isRead: z.coerce.number().int().refine((v) => v === 0 || v === 2).default(2) });
export const messageUpdateBody = z.object({ ids: z.array(z.number().int()).min(1).max(500) });

/** AI review start delay (product-rules.md#entities). `waitMinute` keeps its legacy name but holds seconds (product-rules.md#validation, #limits). */
export const autoCorrectionConfig = z.object({
  enabled: z.boolean(),
  manual: z.number().int().min(0).max(1),
  waitMinute: z.number().int().min(1),
});
export type AutoCorrectionConfig = z.infer<typeof autoCorrectionConfig>;
export const autoCorrectionStatusBody = z.object({ enabled: z.boolean() });
export const autoCorrectionConfigParams = z.object({
  minute: z.coerce.number().int().min(1).max(86_400),
  manual: z.coerce.number().int().min(0).max(1),
});

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() });
