import type { StudentMessage } from '../core/api/contracts/student-messages';

/** Tag colours of the students' notification kinds. */
export const KIND_COLORS: Record<StudentMessage['kind'], string> = {
  revision: 'warning',
  revision_cancelled: 'default',
  reminder: 'primary',
  approved: 'success',
};

const key = (code: string) => `zhipi-h5-student:${code}`;

/** A student this phone proved itself as for a class: the student and their own code. */
export interface RememberedStudent {
  studentId: number;
  studentCode: string;
}

/** The student this phone picked (with their code) for a class before, so they need not again. */
export function rememberedStudent(storage: Pick<Storage, 'getItem'>, code: string): RememberedStudent | null {
  try {
    const v = JSON.parse(storage.getItem(key(code)) ?? 'null') as Partial<RememberedStudent> | null;
    // Older phones stored only the id: without a code the student picks and proves again.
    return v && Number.isInteger(v.studentId) && Number(v.studentId) > 0 && typeof v.studentCode === 'string' && v.studentCode ? { studentId: Number(v.studentId), studentCode: v.studentCode } : null;
  } catch {
    return null;
  }
}
export function rememberStudent(storage: Pick<Storage, 'setItem'>, code: string, who: RememberedStudent) {
  storage.setItem(key(code), JSON.stringify(who));
}
export function forgetStudent(storage: Pick<Storage, 'removeItem'>, code: string) {
  storage.removeItem(key(code));
}

/** The most recently released task (its upload context carries the class list). */
export function latestTask<T extends { releaseAt: string }>(tasks: readonly T[]): T | undefined {
  return [...tasks].sort((a, b) => b.releaseAt.localeCompare(a.releaseAt))[0];
}

/**
 * The H5 router path of a notification's link: the base /teaching/h5 is dropped; links outside the H5
 * pages (another site, the teacher's app) are not followed.
 */
export function h5PathOf(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  const inH5 = link.match(/^\/teaching\/h5(\/.*)?$/);
  if (inH5) return inH5[1] || '/';
  return link.startsWith('/teaching') ? null : link;
}
