import { useMemo } from 'react';
import { enrollmentApi } from '../../../core/api/endpoints/enrollment';
import type { RegistrationStatusKey } from '../../../core/api/contracts/enrollment';
import { useApp } from '../../app-context';

export function useEnrollmentApi() {
  const { client } = useApp();
  return useMemo(() => enrollmentApi(client), [client]);
}

export const STATUS_COLOR: Record<RegistrationStatusKey, string> = { new: 'blue', contacted: 'gold', admitted: 'green', declined: 'default' };
export const NOTICE_COLOR = { draft: 'default', published: 'green', closed: 'red' } as const;
