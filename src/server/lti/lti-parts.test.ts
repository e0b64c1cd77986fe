import { describe, expect, it } from 'vitest';
import { ROLE_INSTRUCTOR, ROLE_LEARNER, zhipiRole } from './claims';
import { scoresUrl } from './ags';
import { autoPostPage, errorPage, ltiPageCsp, pickerPage } from './pages';

describe('LTI role mapping', () => {
  it('maps Instructor (and its sub-roles, the short form, Administrator) to teacher, Learner to student', () => {
    expect(zhipiRole([ROLE_INSTRUCTOR])).toBe('teacher');
    expect(zhipiRole([`${ROLE_INSTRUCTOR}#TeachingAssistant`])).toBe('teacher');
    expect(zhipiRole(['Instructor'])).toBe('teacher');
    expect(zhipiRole(['http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator'])).toBe('teacher');
    expect(zhipiRole([ROLE_LEARNER])).toBe('student');
    expect(zhipiRole(['Learner'])).toBe('student');
    // An instructor who is also a learner somewhere is a teacher here.
    expect(zhipiRole([ROLE_LEARNER, ROLE_INSTRUCTOR])).toBe('teacher');
    expect(zhipiRole(['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Staff'])).toBeNull();
    expect(zhipiRole([])).toBeNull();
  });
});

describe('AGS scores URL', () => {
  it('extends the line item path before its query', () => {
    expect(scoresUrl('https://lms.example/api/lti/courses/1/line_items/7')).toBe('https://lms.example/api/lti/courses/1/line_items/7/scores');
    expect(scoresUrl('https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem?type_id=3')).toBe('https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=3');
    expect(scoresUrl('https://lms.example/li/9/')).toBe('https://lms.example/li/9/scores');
  });
});

describe('LTI pages', () => {
  it('escape what comes from the LMS or the teacher', () => {
    const html = pickerPage('zh', '/correction-api/lti/deep-link', 'code"x', [{ taskId: 1, classId: 2, title: '<script>alert(1)</script>', className: '七年级"1班' }]);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('value="code&quot;x"');
    const post = autoPostPage('en', 'https://lms.example/return?a=1&b="2"', { JWT: 'a.b.c' }, 'n0nce');
    expect(post).toContain('action="https://lms.example/return?a=1&amp;b=&quot;2&quot;"');
    expect(post).toContain('<script nonce="n0nce">');
    expect(errorPage('en', 'LTI_REPLAYED', 'lti.error.replayed')).toContain('This LTI launch was already used');
  });

  it('allow forms only to the site and the LMS return origin, scripts only by nonce', () => {
    expect(ltiPageCsp('abc', 'https://lms.example/deep/return?x=1')).toContain("form-action 'self' https://lms.example;");
    expect(ltiPageCsp('abc')).toContain("script-src 'nonce-abc'");
  });
});
