import { describe, expect, it } from 'vitest';
import { h5UploadPath, h5UploadRoute, h5Url } from './h5-links';

describe('H5 links', () => {
  it('builds the upload path with the class code encoded', () => {
    expect(h5UploadPath({ taskId: 7, classCode: 'A B&1' })).toBe('/teaching/h5/upload?taskId=7&classCode=A%20B%261');
    expect(h5UploadPath({ taskId: 7, classCode: 'X1', studentId: 42 })).toBe('/teaching/h5/upload?taskId=7&classCode=X1&studentId=42');
    expect(h5UploadRoute({ taskId: 7, classCode: 'X1' })).toBe('/upload?taskId=7&classCode=X1');
  });

  it('puts the page on the zhipi origin given, without a doubled slash', () => {
    expect(h5Url('https://zhipi.example.cn/', h5UploadPath({ taskId: 1, classCode: 'C' }))).toBe('https://zhipi.example.cn/teaching/h5/upload?taskId=1&classCode=C');
  });
});
