/**
 * The phone's own random key (kept in its storage): likes on the H5 sample page count once per
 * phone. It identifies a device, never a student — nothing else is granted by it.
 */
const KEY = 'zp-h5-device';

export function deviceKey(storage: Pick<Storage, 'getItem' | 'setItem'>, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const have = storage.getItem(KEY);
  if (have && /^[A-Za-z0-9_-]{16,64}$/.test(have)) return have;
  const made = Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    storage.setItem(KEY, made);
  } catch {
    // private mode: a key for this visit only
  }
  return made;
}
