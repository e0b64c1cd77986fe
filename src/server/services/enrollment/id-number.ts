// Chinese resident ID numbers (GB 11643-1999) for the enrollment form: checked, masked for views and
// reduced to a keyed hash for the duplicate check — the number itself is never stored.
import type { TokenSigner } from '../../auth/tokens';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export const normaliseIdNumber = (id: string) => id.trim().toUpperCase();

/** 18 characters, a real birth date and the right check character. */
export function validIdNumber(raw: string): boolean {
  const id = normaliseIdNumber(raw);
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const birth = id.slice(6, 14);
  const d = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10).replace(/-/g, '') !== birth) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return CHECK[sum % 11] === id[17];
}

/** The birth date the number carries (YYYY-MM-DD). */
export const birthDateOf = (id: string) => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

/**
 * 110105************: only the region (where the child's household is registered: the office checks
 * the catchment area). The birth date is shown beside it, so any more digits would rebuild the number:
 * region, birth date and the last four were the whole of it. Also applied to rows stored with the old
 * mask (110105********1234) whenever they are shown or exported.
 */
export const maskIdNumber = (idOrOldMask: string) => `${idOrOldMask.slice(0, 6)}${'*'.repeat(12)}`;

/** 138****0001 */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/** Keyed with the server secret and the school: equal numbers match, a stolen table cannot be reversed by trying all birth dates. */
export const hashIdNumber = (signer: TokenSigner, schoolId: number, id: string) => signer.mac(`enrollment-id:${schoolId}:${normaliseIdNumber(id)}`);
