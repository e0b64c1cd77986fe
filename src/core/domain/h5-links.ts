import { H5_BASE_PATH } from '../constants';

/** The task and class a phone upload is for; with `studentId` the page opens on that student (their own code is still asked). */
export interface H5UploadTarget {
  taskId: number;
  classCode: string;
  studentId?: number;
}

/** The upload page's place inside the H5 app, whose router has H5_BASE_PATH as its basename. */
export function h5UploadRoute({ taskId, classCode, studentId }: H5UploadTarget): string {
  return `/upload?taskId=${taskId}&classCode=${encodeURIComponent(classCode)}${studentId ? `&studentId=${studentId}` : ''}`;
}

/** The path of a task's phone upload page, what its QR code and the students' notifications open. */
export function h5UploadPath(target: H5UploadTarget): string {
  return `${H5_BASE_PATH}${h5UploadRoute(target)}`;
}

/**
 * An H5 page's full URL on the zhipi server. `origin` is that server's origin: in a partner portal the
 * element's API origin, never the portal page's own (the phone must reach zhipi, not the portal).
 */
export function h5Url(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}
