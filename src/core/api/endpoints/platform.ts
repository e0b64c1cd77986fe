import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/platform';

const SYS = '/platform-system';
const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;

/** School, version, notification, dictionary and AI-review-setting calls used by the shell. */
export function platformApi(client: ApiClient) {
  return {
    schoolInfo: () => client.get<Out<typeof c.schoolInfo>>(`${MGMT}/mSchool/schoolInfo`),
    schoolVersion: (schoolId?: number) => client.get<Out<typeof c.schoolVersion>>(`${MGMT}/schoolVersion/get`, { query: { schoolId } }),
    messages: (isRead: 0 | 2) => client.get<Out<typeof c.notification>[]>(`${MGMT}/message/getSysMessages`, { query: { isRead } }),
    markRead: (ids: number[]) => client.post<{ updated: number }>(`${MGMT}/message/update`, { ids }),
    dict: (dictName: string) => client.get<Out<typeof c.dictItem>[]>(`${SYS}/api/dictDetail`, { query: { dictName } }),
    dictMap: (names: string[]) =>
      client.get<Record<string, Out<typeof c.dictItem>[]>>(`${SYS}/api/dictDetail/map`, { query: { dictName: names.join(',') } }),
    autoCorrectionConfig: () => client.get<Out<typeof c.autoCorrectionConfig>>(`${MGMT}/writingAutoCorrectionConfig/getInfo`),
    setAutoCorrectionEnabled: (enabled: boolean) =>
      client.post<Out<typeof c.autoCorrectionConfig>>(`${MGMT}/writingAutoCorrectionConfig/updateStatus`, { enabled }),
    setAutoCorrectionDelay: (seconds: number, manual: 0 | 1) =>
      client.post<Out<typeof c.autoCorrectionConfig>>(`${MGMT}/writingAutoCorrectionConfig/updateConfig/${seconds}/${manual}`),
  };
}
export type PlatformApi = ReturnType<typeof platformApi>;
