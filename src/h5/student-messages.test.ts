import { describe, expect, it } from 'vitest';
import { forgetStudent, h5PathOf, latestTask, rememberStudent, rememberedStudent } from './student-messages';

describe('students notifications helpers', () => {
  it('follows links inside the H5 pages only', () => {
    expect(h5PathOf('/teaching/h5/upload?taskId=3&classCode=AB12')).toBe('/upload?taskId=3&classCode=AB12');
    expect(h5PathOf('/upload?taskId=3&classCode=AB12')).toBe('/upload?taskId=3&classCode=AB12');
    expect(h5PathOf('/teaching/homework/situation')).toBeNull();
    expect(h5PathOf('https://example.com')).toBeNull();
    expect(h5PathOf('//example.com')).toBeNull();
    expect(h5PathOf(null)).toBeNull();
  });

  it('remembers the student picked for a class on this phone, with their own code', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    expect(rememberedStudent(storage, 'AB12')).toBeNull();
    rememberStudent(storage, 'AB12', { studentId: 42, studentCode: 'K7M2PQ' });
    expect(rememberedStudent(storage, 'AB12')).toEqual({ studentId: 42, studentCode: 'K7M2PQ' });
    // What older versions stored (the id alone) asks for the code again.
    store.set('zhipi-h5-student:OLD1', '42');
    expect(rememberedStudent(storage, 'OLD1')).toBeNull();
    expect(rememberedStudent(storage, 'CD34')).toBeNull();
    forgetStudent(storage, 'AB12');
    expect(rememberedStudent(storage, 'AB12')).toBeNull();
  });

  it('takes the most recently released task', () => {
    expect(latestTask([{ id: 1, releaseAt: '2026-11-01T00:00:00Z' }, { id: 2, releaseAt: '2026-11-20T00:00:00Z' }])!.id).toBe(2);
    expect(latestTask([])).toBeUndefined();
  });
});
