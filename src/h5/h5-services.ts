import { Toast } from 'antd-mobile';
import { ApiClient } from '../core/api/client';
import { tasksApi } from '../core/api/endpoints/tasks';
import type { H5SubmitBody, H5UploadContext } from '../core/api/contracts/essays';
import type { Lang } from '../core/i18n';

/** The H5 pages' API client: no sign-in (students come by QR code), errors shown as toasts. */
export function createH5Services(lang: Lang) {
  const client = new ApiClient({
    baseUrl: '/correction-api',
    getToken: () => null,
    lang: () => lang,
    handlers: {
      notifyError: (message) => Toast.show({ content: message, icon: 'fail' }),
      onUnauthorized: () => undefined,
      onSystemExpired: () => undefined,
    },
  });
  const upload = {
    context: (taskId: number, classCode: string) => client.get<H5UploadContext>('/platform-management/h5/upload/context', { query: { taskId, classCode } }),
    submit: (body: H5SubmitBody) => client.post<{ essayId: number }>('/platform-management/h5/upload/submit', body),
  };
  return { client, tasks: tasksApi(client), upload };
}
export type H5Services = ReturnType<typeof createH5Services>;
