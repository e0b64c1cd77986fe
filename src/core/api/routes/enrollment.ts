import type * as shapes from '../contracts/shapes/enrollment';
import type * as e from '../contracts/enrollment';
import type { idParams } from '../contracts/paging';
import type { idQuery } from '../contracts/paging';
import { route } from './route';

/** /platform-management: enrollment.ts routes. */
export const enrollment = {
  enrollmentNotices: route<{ answer: typeof shapes.enrollmentNoticesAnswer }>('GET', '/platform-management/enrollment/notices', {
    summary: "The school's enrollment notices with registration counts per status",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
  }),
  enrollmentNoticesPost: route<{ body: typeof e.noticeBody; answer: typeof shapes.idOut }>('POST', '/platform-management/enrollment/notices', {
    summary: "Write a notice (grades, places, registration window, requirements); publish at once or keep a draft",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
  }),
  enrollmentNoticesPostById: route<{ params: typeof idParams; body: typeof e.noticeBody; answer: typeof shapes.idOut }>('POST', '/platform-management/enrollment/notices/:id', {
    summary: "Change a notice (grades parents already chose stay on offer)",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
    errors: [404, 409],
  }),
  enrollmentNoticesStatus: route<{ body: typeof e.noticeStatusBody; answer: typeof shapes.enrollmentNoticesStatusAnswer }>('POST', '/platform-management/enrollment/notices/status', {
    summary: "Publish or close a notice (closed: the form refuses new registrations)",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
    errors: [404, 409],
  }),
  enrollmentNoticesDelete: route<{ query: typeof idQuery; answer: typeof shapes.idOut }>('DELETE', '/platform-management/enrollment/notices', {
    summary: "Remove a notice without registrations",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
    errors: [404, 409],
  }),
  enrollmentRegistrations: route<{ query: typeof e.registrationQuery; answer: typeof e.registrationPage }>('GET', '/platform-management/enrollment/registrations', {
    summary: "Registrations by notice, status and name/phone, newest first (phone and ID number masked)",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
  }),
  enrollmentRegistrationsExport: route<{ query: typeof e.registrationExportQuery }>('GET', '/platform-management/enrollment/registrations/export', {
    summary: "The registrations with the list's filters as xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet); ID numbers masked",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
  }),
  enrollmentRegistrationsGet: route<{ params: typeof idParams; answer: typeof e.registrationDetail }>('GET', '/platform-management/enrollment/registrations/:id', {
    summary: "One registration with its notice and the status history (phone whole for calling; ID number masked)",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
    errors: [404, 409],
  }),
  enrollmentRegistrationsStatus: route<{ body: typeof e.registrationStatusBody; answer: typeof shapes.enrollmentRegistrationsStatusAnswer }>('POST', '/platform-management/enrollment/registrations/status', {
    summary: "Move a registration: new, contacted, admitted (not past the places), declined; with a note kept in the history",
    tags: ["platform-management: enrollment information (招生信息, /enrollment)"],
    errors: [404, 409],
  }),
  h5EnrollmentNotice: route<{ query: typeof e.publicNoticeQuery; answer: typeof e.publicNotice }>('GET', '/platform-management/h5/enrollment/notice', {
    summary: "A published notice by its key (from the QR code)",
    tags: ["platform-management: enrollment form (public)"],
    errors: [404, 409],
    public: true,
  }),
  h5EnrollmentRegister: route<{ body: typeof e.registerBody; answer: typeof e.registered }>('POST', '/platform-management/h5/enrollment/register', {
    summary: "Register a child: inside the window, an offered grade, a valid ID number matching the birth date; the same ID number, or the same phone and child's name, is refused as a duplicate",
    tags: ["platform-management: enrollment form (public)"],
    errors: [404, 409],
    public: true,
  }),
};
