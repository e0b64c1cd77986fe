import { describe, expect, it } from 'vitest';
import { birthDateOf, maskIdNumber, maskPhone, validIdNumber } from './id-number';

describe('resident ID numbers on the enrollment form', () => {
  it('accepts a number with the right check character and a real birth date', () => {
    expect(validIdNumber('110105201503010037')).toBe(true);
    expect(validIdNumber('110105201503010035')).toBe(false);
    expect(validIdNumber('31010420140915002x')).toBe(false);
    expect(validIdNumber('310104201409150026')).toBe(true);
    expect(validIdNumber('110105201502300031')).toBe(false);
    expect(validIdNumber('11010520150301003')).toBe(false);
  });
  it('keeps only the region of an ID number (the birth date is shown beside it), and the middle of a phone number', () => {
    expect(maskIdNumber('110105201503010037')).toBe('110105************');
    // Rows stored with the old mask (region and last four) are shown the same way.
    expect(maskIdNumber('110105********0037')).toBe('110105************');
    expect(birthDateOf('110105201503010037')).toBe('2015-03-01');
    expect(maskPhone('13800000001')).toBe('138****0001');
  });
});
