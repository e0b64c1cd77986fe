import { Button, Card, Descriptions, Empty, Space, Statistic, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';
import { focusLabel, STATE_COLORS } from '../../../views/practice/labels';
import { PracticeAttemptsTable } from './PracticeAttemptsTable';
import { practiceLink } from './use-practice';
import { usePracticeDetail } from './use-practice-detail';
import { schoolTime } from '../../../core/time/school-time';

/** /practice/testWorkInfo?id=: one practice with every student's attempts, the AI's feedback and the teacher's comments. */
export default function TestWorkInfoPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = usePracticeDetail(id, 5000);
  if (!id) return <Empty description={t('practice.backToList')}><Button onClick={() => navigate('/practice/index')}>{t('practice.backToList')}</Button></Empty>;
  const d = detail.data;
  if (!d) return <Card loading />;
  const p = d.practice;
  return (
    <div data-testid="practice-detail">
      <Card
        size="small"
        title={<Space>{p.title}<Tag color={STATE_COLORS[p.state]}>{t(`practice.state.${p.state}`)}</Tag></Space>}
        extra={<a onClick={() => navigate('/practice/index')}>{t('practice.backToList')}</a>}
        style={{ marginBottom: 12 }}
      >
        <Space size={48} wrap style={{ marginBottom: 12 }}>
          <Statistic title={t('practice.participation')} value={`${p.participants}/${p.classSize}`} />
          <Statistic title={t('practice.average')} value={p.averagePercent ?? '—'} />
          <Statistic title={t('practice.averageWords')} value={p.averageWords ?? '—'} />
          <Statistic title={t('practice.attempts')} value={p.attempts} />
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('practice.class')}>{p.className}</Descriptions.Item>
          <Descriptions.Item label={t('practice.minWords')}>{p.minWords}</Descriptions.Item>
          <Descriptions.Item label={t('practice.focus')}>{focusLabel(t, p.focus)}</Descriptions.Item>
          <Descriptions.Item label={t('practice.deadline')}>{p.endsAt ? schoolTime(p.endsAt, 'YYYY-MM-DD HH:mm') : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('practice.studentLink')} span={2}>{practiceLink(p.classCode)}</Descriptions.Item>
          {p.prompt && <Descriptions.Item label={t('practice.prompt')} span={3}><span style={{ whiteSpace: 'pre-wrap' }}>{p.prompt}</span></Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card size="small">
        <PracticeAttemptsTable detail={d} onChanged={() => void detail.reload()} />
      </Card>
    </div>
  );
}
