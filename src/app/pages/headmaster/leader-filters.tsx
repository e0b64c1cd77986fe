import { useMemo, useState } from 'react';
import { Button, Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import type { LeaderScope } from '../../../core/api/contracts/leaders';
import { leadersApi } from '../../../core/api/endpoints/leaders';
import { useT } from '../../../views/i18n/i18n-context';
import { safeFileName } from '../../../views/writing-list/ExportButton';
import { useApp } from '../../app-context';

export const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${Math.round(x * 1000) / 10}%`);
export const dash = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(x));

/** The sort column if the table has it (a hand-edited URL must not turn into a 400). */
export const sortKey = <K extends string>(keys: readonly K[], v: string | undefined): K | undefined => (keys as readonly string[]).includes(v ?? '') ? (v as K) : undefined;

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** Filters, sort and page live in the URL, so each figure of the home page can link to its detail. */
export function useLeaderQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(
    () => ({
      semesterId: num(params.get('semesterId')),
      campusId: num(params.get('campusId')),
      grade: num(params.get('grade')),
      sortBy: params.get('sortBy') ?? undefined,
      order: (params.get('order') === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc',
      pageNum: num(params.get('pageNum')) ?? 1,
      pageSize: num(params.get('pageSize')) ?? 10,
    }),
    [params],
  );
  const set = (patch: Record<string, string | number | undefined | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };
  return { query, set };
}

/** Query string of the filters only (for links to another dashboard). */
export function filterSearch(q: { semesterId?: number | undefined; campusId?: number | undefined; grade?: number | undefined }, extra: Record<string, string | number> = {}) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ semesterId: q.semesterId, campusId: q.campusId, grade: q.grade, ...extra })) if (v !== undefined) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Semester, campus and grade selects of every dashboard. */
export function LeaderFilters(props: { scope: LeaderScope | undefined; onChange(patch: Record<string, number | undefined>): void; withGrade?: boolean }) {
  const t = useT();
  const s = props.scope;
  return (
    <Space wrap data-testid="leader-filters">
      <Select
        style={{ width: 220 }}
        data-testid="filter-semester"
        aria-label={t('leaders.filter.semester')}
        placeholder={t('leaders.filter.semester')}
        value={s?.semesterId ?? undefined}
        options={s?.semesters.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(v: number) => props.onChange({ semesterId: v, grade: undefined, pageNum: undefined })}
      />
      <Select
        style={{ width: 160 }}
        data-testid="filter-campus"
        aria-label={t('leaders.filter.campus')}
        disabled={s?.campusFixed}
        value={s?.campusId ?? 0}
        options={[...(s?.campusFixed ? [] : [{ value: 0, label: t('leaders.filter.allCampuses') }]), ...(s?.campuses ?? [])]}
        onChange={(v: number) => props.onChange({ campusId: v || undefined, grade: undefined, pageNum: undefined })}
      />
      {props.withGrade !== false && (
        <Select
          style={{ width: 140 }}
          data-testid="filter-grade"
          aria-label={t('leaders.filter.grade')}
          value={s?.grade ?? 0}
          options={[{ value: 0, label: t('leaders.filter.allGrades') }, ...(s?.grades ?? [])]}
          onChange={(v: number) => props.onChange({ grade: v || undefined, pageNum: undefined })}
        />
      )}
    </Space>
  );
}

/** Downloads one /teachingAdmin table (every row of the filters, in the current sort) as xlsx. */
export function LeaderExportButton(props: { kind: 'grade' | 'teacher' | 'student'; query: Record<string, unknown>; fileName: string }) {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { semesterId, campusId, grade, sortBy, order } = props.query as Record<string, number | string | undefined>;
      const blob = await api.export({ kind: props.kind, semesterId: semesterId as number, campusId: campusId as number, grade: grade as number, sortBy: sortBy as string, order: order as 'asc' | 'desc' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${safeFileName(props.fileName)}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // the client shows the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="leader-export">
      {t('leaders.export')}
    </Button>
  );
}
