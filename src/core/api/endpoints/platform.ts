
import type { ApiClient } from '../client';
import { autoCorrection as autoCorrectionRoutes } from '../routes/auto-correction';
import { dictionary as dictionaryRoutes } from '../routes/dictionary';
import { messages as messagesRoutes } from '../routes/messages';
import { school as schoolRoutes } from '../routes/school';

/** School, version, notification, dictionary and AI-review-setting calls used by the shell. */
export function platformApi(client: ApiClient) {
  return {
    schoolInfo: () => client.call(schoolRoutes.mSchoolSchoolInfo),
    schoolVersion: (schoolId?: number) => client.call(schoolRoutes.schoolVersionGet, { query: { schoolId } }),
    messages: (isRead: 0 | 2) => client.call(messagesRoutes.getSysMessages, { query: { isRead } }),
    markRead: (ids: number[]) => client.call(messagesRoutes.update, { body: { ids } }),
    dict: (dictName: string) => client.call(dictionaryRoutes.dictDetail, { query: { dictName } }),
    dictMap: (names: string[]) =>
      client.call(dictionaryRoutes.dictDetailMap, { query: { dictName: names.join(',') } }),
    autoCorrectionConfig: () => client.call(autoCorrectionRoutes.getInfo),
    setAutoCorrectionEnabled: (enabled: boolean) =>
      client.call(autoCorrectionRoutes.updateStatus, { body: { enabled } }),
    setAutoCorrectionDelay: (seconds: number, manual: 0 | 1) =>
      client.call(autoCorrectionRoutes.updateConfig, { params: { minute: seconds, manual } }),
  };
}
export type PlatformApi = ReturnType<typeof platformApi>;
