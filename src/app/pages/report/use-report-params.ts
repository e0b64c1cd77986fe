import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportMode } from '../../../core/api/contracts/class-report';
import { classReportApi } from '../../../core/api/endpoints/class-report';
import { useApp } from '../../app-context';

/** taskId, classId and mode of the report pages' query, and the report API on the app's client. */
export function useReportParams() {
  const { client } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => classReportApi(client), [client]);
  const mode = params.get('mode');
  return {
    api,
    taskId: Number(params.get('taskId')) || 0,
    classId: Number(params.get('classId')) || 0,
    mode: mode === 'simple' || mode === 'full' ? (mode as ReportMode) : undefined,
    params,
    setParams,
  };
}
