import { z } from 'zod';

/**
 * What the basic-data platform answers at `GET {BASIC_DATA_URL}/classes?school=<school name>`:
 * the school's classes with their students. External ids are the platform's own and stay stable.
 */
export const basicDataStudent = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  gender: z.enum(['male', 'female', 'unknown']).default('unknown'),
  studentNo: z.string().regex(/^\d{1,4}$/),
  identificationNo: z.string().nullish(),
  phone: z.string().nullish(),
});
export const basicDataClass = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  grade: z.number().int().min(1).max(12),
  campus: z.string().nullish(),
  /** Main teacher's mobile number, matched against the school's teacher accounts. */
  teacherPhone: z.string().nullish(),
  students: z.array(basicDataStudent),
});
export const basicDataResponse = z.object({ school: z.string(), classes: z.array(basicDataClass) });
export type BasicDataClass = z.infer<typeof basicDataClass>;
export type BasicDataResponse = z.infer<typeof basicDataResponse>;

/** The adapter's one call: fetch and validate the classes of a school, with a timeout. */
export async function fetchBasicData(baseUrl: string, schoolName: string, timeoutMs = 10_000): Promise<BasicDataResponse> {
  const url = `${baseUrl.replace(/\/$/, '')}/classes?school=${encodeURIComponent(schoolName)}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const parsed = basicDataResponse.safeParse(await res.json());
  if (!parsed.success) throw new Error(`unexpected answer: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
