import type { ApiError } from '../../../core/api/client';

/** The form field a refused save is shown under, by the server's code; anything else under the name. */
export function fieldOfRefusal(error: ApiError['error']): 'studentNo' | 'identificationNo' | 'name' {
  if (error === 'STUDENT_NO_TAKEN') return 'studentNo';
  if (error === 'IDENT_TAKEN') return 'identificationNo';
  return 'name';
}
