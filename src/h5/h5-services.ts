import { ApiClient } from '../core/api/client';
import { tasksApi } from '../core/api/endpoints/tasks';
import { essaysApi } from '../core/api/endpoints/essays';
import { studentMessagesApi } from '../core/api/endpoints/student-messages';
import { classReportApi } from '../core/api/endpoints/class-report';
import { h5SamplesApi } from '../core/api/endpoints/samples';
import { h5PracticeApi } from '../core/api/endpoints/practice';
import type { Lang } from '../core/i18n';
import { showToast } from './toast';

/** The H5 pages' API client: no sign-in (students come by QR code), errors shown as toasts. */
export function createH5Services(lang: Lang) {
  const client = new ApiClient({
    baseUrl: '/correction-api',
    getToken: () => null,
    lang: () => lang,
    handlers: {
      // Toast (Mask, react-spring) is loaded with the first error, not with every H5 page's first paint
      notifyError: (message) => showToast({ content: message, icon: 'fail' }),
      onUnauthorized: () => undefined,
      onSystemExpired: () => undefined,
    },
  });
  return { client, tasks: tasksApi(client), essays: essaysApi(client), studentMessages: studentMessagesApi(client), reports: classReportApi(client), samples: h5SamplesApi(client), practice: h5PracticeApi(client) };
}
export type H5Services = ReturnType<typeof createH5Services>;
