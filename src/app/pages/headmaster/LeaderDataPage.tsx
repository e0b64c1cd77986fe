import { useMemo, type ReactNode } from 'react';
import { Card, Space, type TableColumnsType } from 'antd';
import type { LeaderScope } from '../../../core/api/contracts/leaders';
import type { Paged } from '../../../core/api/contracts/paging';
import { leadersApi, type LeadersApi } from '../../../core/api/endpoints/leaders';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { LeaderExportButton, LeaderFilters, useLeaderQuery } from './leader-filters';
import { LeaderTable } from './LeaderTable';

type Query = ReturnType<typeof useLeaderQuery>['query'];

/** A table row of a page's figures. */
type Row<D> = D extends { table: Paged<infer R> } ? (R extends object ? R : never) : never;

interface Props<D extends { scope: LeaderScope; table: Paged<object> }> {
  kind: 'grade' | 'teacher' | 'student';
  testId: string;
  /** Fetches the page's figures for the URL's filters, sort and page. */
  load: (api: LeadersApi, query: Query) => Promise<D>;
  rowKey: keyof Row<D> & string;
  columns: TableColumnsType<Row<D>>;
  /** The charts between the filters and the table, drawn from the figures once they are there. */
  charts: (data: D | undefined) => ReactNode;
}

/**
 * One /teachingAdmin data page: filters and xlsx export, the page's charts, then a server-sorted,
 * server-paged table; filters, sort and page live in the URL.
 */
export function LeaderDataPage<D extends { scope: LeaderScope; table: Paged<object> }>({ kind, testId, load, rowKey, columns, charts }: Props<D>) {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const { query, set } = useLeaderQuery();
  // `load` is a fixed function of each page: the figures follow the URL's query
  const res = useAsync(() => load(api, query), [api, query]);
  // drawn again only when the figures or the language change (a new chart option replays its animation)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `charts` is a fixed function of each page
  const chartNode = useMemo(() => charts(res.data ?? undefined), [res.data, t]);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <LeaderFilters scope={res.data?.scope} onChange={set} />
          <LeaderExportButton kind={kind} query={query} fileName={t(`leaders.sheet.${kind}`)} />
        </Space>
      </Card>
      {chartNode}
      <Card>
        <LeaderTable<Row<D>> rowKey={rowKey} page={res.data?.table as Paged<Row<D>> | undefined} loading={res.loading} sortBy={query.sortBy} order={query.order} onChange={set} columns={columns} />
      </Card>
    </Space>
  );
}

/** A rate 0–1 as a percentage with one decimal, for a chart series. */
export const percentPoint = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
