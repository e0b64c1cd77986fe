import { ApiClient } from '../core/api/client';
import { tasksApi } from '../core/api/endpoints/tasks';
import { essaysApi } from '../core/api/endpoints/essays';
import { studentMessagesApi } from '../core/api/endpoints/student-messages';
import { classReportApi } from '../core/api/endpoints/class-report';
import { h5SamplesApi } from '../core/api/endpoints/samples';
import { h5PracticeApi } from '../core/api/endpoints/practice';
import type { Lang } from '../core/i18n';

/** The H5 pages' API client: no sign-in (students come by QR code), errors shown as toasts. */
export function createH5Services(lang: Lang) {
  const client = new ApiClient({
    baseUrl: '/correction-api',
    getToken: () => null,
    lang: () => lang,
    handlers: {
      // Toast pulls antd-mobile's Mask and react-spring (~40 kB): loaded with the first error, not with
      // the first paint of every H5 page (Lighthouse mobile)
      notifyError: (message) => void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ content: message, icon: 'fail' })),
      onUnauthorized: () => undefined,
      onSystemExpired: () => undefined,
    },
  });
  return { client, tasks: tasksApi(client), essays: essaysApi(client), studentMessages: studentMessagesApi(client), reports: classReportApi(client), samples: h5SamplesApi(client), practice: h5PracticeApi(client) };
}
export type H5Services = ReturnType<typeof createH5Services>;
