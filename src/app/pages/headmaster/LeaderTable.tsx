import { Table, type TableColumnsType } from 'antd';
import type { Paged } from '../../../core/api/contracts/paging';

/** A server-sorted, server-paged table: sort and page changes go to the URL query. */
export function LeaderTable<T extends object>(props: {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  page: Paged<T> | undefined;
  loading: boolean;
  sortBy: string | undefined;
  order: 'asc' | 'desc';
  onChange(patch: Record<string, string | number | undefined>): void;
}) {
  const columns = props.columns.map((c) => {
    const key = 'dataIndex' in c ? String(c.dataIndex) : undefined;
    return c.sorter && key ? { ...c, sortOrder: props.sortBy === key ? (props.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null } : c;
  });
  return (
    <Table<T>
      data-testid="leader-table"
      size="middle"
      rowKey={props.rowKey}
      columns={columns}
      dataSource={props.page?.list ?? []}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      pagination={{ current: props.page?.pageNum ?? 1, pageSize: props.page?.pageSize ?? 10, total: props.page?.total ?? 0, showSizeChanger: true }}
      onChange={(p, _f, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = s?.order ? String(s.field) : undefined;
        props.onChange({ pageNum: p.current, pageSize: p.pageSize, sortBy: field, order: field ? (s!.order === 'ascend' ? 'asc' : 'desc') : undefined });
      }}
    />
  );
}
