import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAsync } from '../../../views/hooks/use-async';
import { useApp } from '../../app-context';

/** The class chosen with ?classId= (the first visible class by default) and the list to switch. */
export function useClassParam() {
  const { classes } = useApp();
  const [params, setParams] = useSearchParams();
  const list = useAsync(() => classes.list({ pageSize: 100 }).then((p) => p.list), [classes]);
  const wanted = Number(params.get('classId')) || undefined;
  const current = list.data?.find((c) => c.id === wanted) ?? list.data?.[0];
  useEffect(() => {
    if (current && current.id !== wanted) setParams({ classId: String(current.id) }, { replace: true });
  }, [current, wanted, setParams]);
  return {
    classes: list.data ?? [],
    loading: list.loading,
    current,
    choose: (id: number) => setParams({ classId: String(id) }),
    reloadClasses: list.reload,
  };
}
