import { useEffect, useState } from 'react';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined } from '@ant-design/icons';
import type { GrowthRecord } from '../../core/api/contracts/growth';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { GrowthApi, GrowthFilter } from '../../core/api/endpoints/growth';
import { GROWTH_SORTS } from '../../core/api/contracts/growth';
import { useAsync } from '../hooks/use-async';
import { useLang, useT } from '../i18n/i18n-context';
import { scoreSummariesLine } from '../../core/scoring/score-summary';
import { safeFileName } from '../writing-list/ExportButton';

export interface GrowthTableProps {
  api: { growth: Pick<GrowthApi, 'page' | 'exportTable'>; classes: Pick<ClassesApi, 'semesters' | 'byCampusAndTerm' | 'campuses' | 'listGradeSelect'> };
  /** the headmaster's school view: campus and grade filters, campus column */
  schoolWide?: boolean;
  onOpen: (record: GrowthRecord) => void;
  title?: string;
  /** start on this class (and semester, `id_year_term`) */
  classId?: number | undefined;
  semesterId?: string | undefined;
}

type Sort = (typeof GROWTH_SORTS)[number];

/**
 * The growth table (product-rules.md#screens /growingUp/index, /teachingAdmin/detailGrouing): the semester's students
 * with the product-rules.md#entities record columns, sortable, filtered by semester, class (campus and grade for the
 * school view) and name or student ID, paged, exported as xlsx.
 */
export function GrowthTable({ api, schoolWide, onOpen, title, classId: initialClass, semesterId: initialSemester }: GrowthTableProps) {
  const t = useT();
  const lang = useLang();
  const [semesterId, setSemesterId] = useState<string | undefined>(initialSemester);
  const [campusId, setCampusId] = useState<number | undefined>();
  const [grade, setGrade] = useState<number | undefined>();
  const [classId, setClassId] = useState<number | undefined>(initialClass);
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'studentNo', order: 'asc' });
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);

  const semesters = useAsync(() => api.classes.semesters(), [api]);
  useEffect(() => {
    const list = semesters.data ?? [];
    if (!semesterId && list.length) setSemesterId((list.find((s) => s.isCurrent) ?? list[0]!).semesterId);
  }, [semesters.data, semesterId]);
  const campuses = useAsync(() => (schoolWide ? api.classes.campuses() : Promise.resolve([])), [api, schoolWide]);
  const grades = useAsync(() => (schoolWide ? api.classes.listGradeSelect() : Promise.resolve([])), [api, schoolWide]);
  const classes = useAsync(() => (semesterId ? api.classes.byCampusAndTerm({ semesterId, ...(campusId ? { campusId } : {}) }) : Promise.resolve([])), [api, semesterId, campusId]);
  const classOptions = (classes.data ?? []).filter((c) => grade === undefined || c.grade === grade);

  const filter: GrowthFilter = { semesterId, classId, campusId, grade, keyword: keyword.trim() || undefined, ...sort };
  const key = JSON.stringify(filter);
  const page = useAsync(() => (semesterId ? api.growth.page({ ...filter, ...paging }) : Promise.resolve(null)), [api, key, paging.pageNum, paging.pageSize]);
  const reset = () => setPaging((p) => ({ ...p, pageNum: 1 }));

  const download = async () => {
    setExporting(true);
    try {
      const blob = await api.growth.exportTable(filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${safeFileName(`${t('growth.export.sheet')}-${page.data?.semester?.name ?? ''}`)}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // shown by the client (product-rules.md#errors rules)
    } finally {
      setExporting(false);
    }
  };

  const sorter = (k: Sort) => ({ sorter: true, sortOrder: sort.sort === k ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null });
  return (
    <div part="growth-table" data-testid="growth-table">
      {title && <Typography.Title level={4}>{title}</Typography.Title>}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          aria-label={t('growth.filter.semester')}
          data-testid="growth-semester"
          value={semesterId}
          loading={semesters.loading}
          options={(semesters.data ?? []).map((s) => ({ value: s.semesterId, label: s.name }))}
          onChange={(v) => {
            setSemesterId(v);
            setClassId(undefined);
            reset();
          }}
        />
        {schoolWide && (
          <Select
            style={{ width: 150 }}
            allowClear
            placeholder={t('growth.filter.allCampuses')}
            aria-label={t('growth.filter.campus')}
            data-testid="growth-campus"
            value={campusId}
            options={(campuses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v?: number) => {
              setCampusId(v);
              setClassId(undefined);
              reset();
            }}
          />
        )}
        {schoolWide && (
          <Select
            style={{ width: 130 }}
            allowClear
            placeholder={t('growth.filter.allGrades')}
            aria-label={t('growth.filter.grade')}
            data-testid="growth-grade"
            value={grade}
            options={(grades.data ?? []).map((g) => ({ value: g.value, label: g.label }))}
            onChange={(v?: number) => {
              setGrade(v);
              setClassId(undefined);
              reset();
            }}
          />
        )}
        <Select
          style={{ width: 160 }}
          allowClear
          placeholder={t('growth.filter.allClasses')}
          aria-label={t('growth.filter.class')}
          data-testid="growth-class"
          value={classId}
          options={classOptions.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v?: number) => {
            setClassId(v);
            reset();
          }}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('growth.filter.search')}
          aria-label={t('growth.filter.search')}
          data-testid="growth-search"
          onSearch={(v) => {
            setKeyword(v);
            reset();
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page.data?.total} onClick={() => void download()} data-testid="growth-export">
          {t('growth.export.button')}
        </Button>
      </Space>
      {semesters.data && !semesters.data.length ? (
        <Typography.Text type="secondary">{t('growth.noSemester')}</Typography.Text>
      ) : (
        <Table<GrowthRecord>
          rowKey="studentId"
          size="middle"
          loading={page.loading}
          dataSource={page.data?.list ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: t('growth.empty') }}
          onChange={(p, _f, s) => {
            const one = (Array.isArray(s) ? s[0] : s) as SorterResult<GrowthRecord> | undefined;
            const field = (one?.columnKey as Sort | undefined) ?? 'studentNo';
            const next = one?.order ? { sort: field, order: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : { sort: 'studentNo' as Sort, order: 'asc' as const };
            if (next.sort !== sort.sort || next.order !== sort.order) {
              setSort(next);
              setPaging({ pageNum: 1, pageSize: p.pageSize ?? paging.pageSize });
            } else setPaging({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? paging.pageSize });
          }}
          pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: page.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (total) => t('growth.total', { total }) }}
          columns={[
            { title: t('growth.col.studentNo'), dataIndex: 'studentNo', key: 'studentNo', width: 90, fixed: 'left', ...sorter('studentNo') },
            { title: t('growth.col.name'), dataIndex: 'name', key: 'name', width: 110, ...sorter('name'), render: (name: string, r) => <a onClick={() => onOpen(r)}>{name}</a> },
            { title: t('growth.col.gender'), key: 'gender', width: 70, render: (_, r) => t(`growth.gender.${r.gender === 1 || r.gender === 2 ? r.gender : 0}` as 'growth.gender.0') },
            ...(schoolWide ? [{ title: t('growth.col.campus'), dataIndex: 'campusName', key: 'campus', width: 110 }] : []),
            { title: t('growth.col.class'), key: 'className', width: 130, ...sorter('className'), render: (_, r) => (schoolWide ? `${r.gradeName} ${r.className}` : r.className) },
            { title: t('growth.col.tasksCompleted'), dataIndex: 'tasksCompleted', key: 'tasksCompleted', width: 130, ...sorter('tasksCompleted') },
            { title: t('growth.col.essaysSubmitted'), dataIndex: 'essaysSubmitted', key: 'essaysSubmitted', width: 110, ...sorter('essaysSubmitted') },
            { title: t('growth.col.totalWords'), dataIndex: 'totalWords', key: 'totalWords', width: 100, ...sorter('totalWords') },
            { title: t('growth.col.excellentCount'), dataIndex: 'excellentCount', key: 'excellentCount', width: 130, ...sorter('excellentCount') },
            { title: t('growth.col.averageScore'), key: 'averageScore', width: 220, ...sorter('averageScore'), render: (_, r) => (r.scores.some((x) => x.count) ? scoreSummariesLine(r.scores, lang) : '—') },
            { title: t('growth.col.action'), key: 'action', width: 100, fixed: 'right', render: (_, r) => <a onClick={() => onOpen(r)} data-testid={`growth-open-${r.studentId}`}>{t('growth.view')}</a> },
          ]}
        />
      )}
    </div>
  );
}
