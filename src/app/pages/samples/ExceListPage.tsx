import { useState } from 'react';
import { Card, Input, Pagination, Segmented, Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SAMPLE_STATUSES, type SampleListQuery } from '../../../core/api/contracts/samples';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { SampleCard } from '../../../views/samples/SampleCard';
import { GradeGenreSelects } from './SampleFilters';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

const PAGE_SIZE = 12;

/** /excellentArticle/list: search, grade, genre, status, sort by date or likes, paging. */
export default function ExceListPage() {
  const t = useT();
  const navigate = useNavigate();
  const api = useSamplesApi();
  const [q, setQ] = useState<SampleListQuery>({ pageNum: 1, pageSize: PAGE_SIZE, sort: 'date' });
  const list = useAsync(() => api.list(q), [api, q]);
  const set = (patch: Partial<SampleListQuery>) => setQ({ ...q, pageNum: 1, ...patch });

  return (
    <div data-testid="samples-list">
      <SamplesNav />
      <Card size="small">
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear style={{ width: 240 }} placeholder={t('samples.search')} onSearch={(v) => set({ keyword: v.trim() || undefined })} data-testid="samples-search" />
          <GradeGenreSelects grade={q.grade} genre={q.genre} onChange={(v) => set(v)} />
          <Select allowClear style={{ width: 120 }} placeholder={t('samples.allStatuses')} value={q.status} options={SAMPLE_STATUSES.map((s) => ({ value: s, label: t(`sample.status.${s}`) }))} onChange={(status) => set({ status })} data-testid="samples-status" />
          <Segmented value={q.sort} options={[{ value: 'date', label: t('samples.sortDate') }, { value: 'likes', label: t('samples.sortLikes') }]} onChange={(sort) => set({ sort: sort as 'date' | 'likes' })} data-testid="samples-sort" />
        </Space>
        {list.data && list.data.list.length === 0 ? (
          <EmptyState text={t('samples.empty')} />
        ) : (
          <div className="zp-sample-grid" data-testid="samples-grid">
            {list.data?.list.map((s) => <SampleCard key={s.id} sample={s} showStatus onOpen={(id) => navigate(`/excellentArticle/detail?id=${id}`)} />)}
          </div>
        )}
        <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={q.pageNum} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onChange={(pageNum) => setQ({ ...q, pageNum })} hideOnSinglePage showSizeChanger={false} />
      </Card>
    </div>
  );
}
