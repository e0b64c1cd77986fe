import { Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useLcwApi } from './use-lcw';

/** Switches the page to another test (`?id=`); the pages opened without one pick the newest. */
export function TestPicker({ id, path }: { id: number | null; path: string }) {
  const t = useT();
  const navigate = useNavigate();
  const api = useLcwApi();
  const tests = useAsync(() => api.tests({ pageSize: 100 }), [api]);
  return (
    <Select
      style={{ width: 320 }}
      placeholder={t('lcw.chooseTest')}
      value={id ?? undefined}
      loading={tests.loading}
      options={(tests.data?.list ?? []).map((x) => ({ value: x.id, label: x.title }))}
      onChange={(v: number) => navigate(`${path}?id=${v}`)}
      data-testid="lcw-test-picker"
    />
  );
}

/** `?id=` of the page, or the newest test the caller sees. */
export function useTestId(params: URLSearchParams): { id: number | null; loading: boolean } {
  const api = useLcwApi();
  const given = Number(params.get('id')) || null;
  const newest = useAsync(() => (given ? Promise.resolve(null) : api.tests({ pageSize: 1 })), [api, given]);
  return { id: given ?? newest.data?.list[0]?.id ?? null, loading: !given && newest.loading };
}
