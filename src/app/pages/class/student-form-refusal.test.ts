import { describe, expect, it } from 'vitest';
import { fieldOfRefusal } from './student-form-refusal';

describe('the student form field a refused save is shown under', () => {
  it('puts a taken student number under the number', () => {
    expect(fieldOfRefusal('STUDENT_NO_TAKEN')).toBe('studentNo');
  });

  it('puts a taken identification number under that number, not the name', () => {
    expect(fieldOfRefusal('IDENT_TAKEN')).toBe('identificationNo');
  });

  it('does not take a code that only contains "NO" for the number', () => {
    expect(fieldOfRefusal('NOT_FOUND')).toBe('name');
  });
});
