import { useMemo } from 'react';
import { samplesApi } from '../../../core/api/endpoints/samples';
import { useApp } from '../../app-context';
import '../../../views/samples/samples.css';

/** The sample essays' API client of the signed-in app. */
export function useSamplesApi() {
  const { client } = useApp();
  return useMemo(() => samplesApi(client), [client]);
}
