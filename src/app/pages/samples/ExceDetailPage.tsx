import { App, Button, Space, Typography } from 'antd';
import { EditOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { SampleReading } from './SampleReading';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

/** /excellentArticle/detail?id=: the sample with highlights, comments and evaluation; like once; the manager's actions. */
export default function ExceDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useSamplesApi();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useAsync(() => (id ? api.detail(id) : Promise.resolve(null)), [api, id]);
  const s = detail.data;
  if (!id || (!detail.loading && !s)) return <EmptyState text={t('samples.empty')} />;
  if (!s) return null;

  const like = async () => {
    await api.like(s.id);
    await detail.reload();
  };
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    void message.success(done);
    await detail.reload();
  };
  const actions = (
    <Space wrap>
      {s.status === 'published' && (
        <Button icon={s.liked ? <HeartFilled style={{ color: '#c21939' }} /> : <HeartOutlined />} onClick={() => void like()} disabled={s.liked} data-testid="sample-like">
          {s.liked ? t('samples.liked') : t('samples.like')} · {s.likeCount}
        </Button>
      )}
      {s.canEdit && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`/excellentArticle/edit?id=${s.id}`)} data-testid="sample-edit">
          {t('samples.edit')}
        </Button>
      )}
      {s.canEdit && (
        <Button type="primary" onClick={() => void act(() => api.publish(s.id), s.scope === 'campus' ? t('samples.checkSent') : t('samples.publishedMsg'))} data-testid="sample-publish">
          {s.scope === 'campus' ? t('samples.submitCheck') : t('samples.publish')}
        </Button>
      )}
      {s.canCheck && (
        <Button type="primary" onClick={() => navigate('/excellentArticle/exCheck')} data-testid="sample-go-check">
          {t('samples.check')}
        </Button>
      )}
      {s.status !== 'to_release' && (s.canEdit || s.canCheck || s.status === 'published') && (
        <Button onClick={() => void act(() => api.unpublish(s.id), t('samples.unpublished'))} data-testid="sample-unpublish">
          {t('samples.unpublish')}
        </Button>
      )}
    </Space>
  );
  return (
    <div>
      <SamplesNav />
      <div style={{ marginBottom: 12 }}>{actions}</div>
      {s.checkNote && (
        <Typography.Paragraph type="warning" data-testid="sample-check-note">
          {t('samples.checkNote')}：{s.checkNote}
          {s.checkedBy ? `（${t('samples.checkedBy', { name: s.checkedBy })}）` : ''}
        </Typography.Paragraph>
      )}
      <SampleReading sample={s} />
    </div>
  );
}
