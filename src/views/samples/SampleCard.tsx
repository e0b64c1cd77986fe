import { Card, Space, Tag, Typography } from 'antd';
import { HeartFilled, HeartOutlined, StarFilled } from '@ant-design/icons';
import type { SampleSummary } from '../../core/api/contracts/samples';
import { gradeLabel } from '../common/use-grade-options';
import { useLang, useT } from '../i18n/i18n-context';
import { genreLabel } from './labels';

const STATUS_COLORS = { to_release: 'orange', checking: 'blue', published: 'green' } as const;

/** A sample in a grid: cover, title, author and class, tags, likes; status for the teachers' lists. */
export function SampleCard({ sample, showStatus, onOpen }: { sample: SampleSummary; showStatus?: boolean; onOpen(id: number): void }) {
  const t = useT();
  const lang = useLang();
  return (
    <Card
      hoverable
      size="small"
      className="zp-sample-card"
      onClick={() => onOpen(sample.id)}
      data-testid="sample-card"
      data-id={sample.id}
      cover={sample.coverUrl ? <div className="zp-sample-cover" style={{ backgroundImage: `url("${sample.coverUrl}")` }} /> : <div className="zp-sample-cover is-empty">{sample.title.slice(0, 6)}</div>}
    >
      <Typography.Text strong ellipsis style={{ display: 'block' }}>
        {sample.featured && <StarFilled style={{ color: '#faad14', marginRight: 4 }} />}
        {sample.title}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sample.studentName} · {sample.className}
      </Typography.Text>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ fontSize: 12, margin: '4px 0', minHeight: 36 }}>
        {sample.abstract || sample.taskTitle}
      </Typography.Paragraph>
      <Space size={4} wrap>
        {showStatus && <Tag color={STATUS_COLORS[sample.status]}>{t(`sample.status.${sample.status}`)}</Tag>}
        <Tag bordered={false}>{gradeLabel(sample.grade, lang)}</Tag>
        <Tag bordered={false}>{genreLabel(t, sample.genre)}</Tag>
        <Tag bordered={false}>{t(`samples.scope.${sample.scope}`)}</Tag>
        <span className="zp-sample-likes" data-testid="sample-card-likes">
          {sample.liked ? <HeartFilled style={{ color: '#c21939' }} /> : <HeartOutlined />} {sample.likeCount}
        </span>
      </Space>
    </Card>
  );
}
