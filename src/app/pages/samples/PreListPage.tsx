import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { SampleSummary, SampleSuggestion } from '../../../core/api/contracts/samples';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { ProposeSampleButton } from '../../../views/samples/ProposeSampleButton';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

/** /excellentArticle/pre-list (the default): proposals to edit and publish, and the AI's suggestions with why. */
export default function PreListPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useSamplesApi();
  const pre = useAsync(() => api.preList(), [api]);
  const edit = (id: number) => navigate(`/excellentArticle/edit?id=${id}`);

  const publish = async (s: SampleSummary) => {
    await api.publish(s.id);
    void message.success(s.scope === 'campus' ? t('samples.checkSent') : t('samples.publishedMsg'));
    await pre.reload();
  };
  const withdraw = async (s: SampleSummary) => {
    await api.withdraw(s.id);
    await pre.reload();
  };

  return (
    <div data-testid="samples-pre-list">
      <SamplesNav />
      <Card title={t('samples.proposedList')} size="small" style={{ marginBottom: 16 }}>
        <Table<SampleSummary>
          rowKey="id"
          size="small"
          loading={pre.loading}
          dataSource={pre.data?.proposed ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('samples.empty') }}
          columns={[
            { title: t('samples.f.title'), dataIndex: 'title', render: (v: string, s) => <Typography.Link onClick={() => navigate(`/excellentArticle/detail?id=${s.id}`)}>{v}</Typography.Link> },
            { title: t('samples.student'), dataIndex: 'studentName', width: 100 },
            { title: t('samples.class'), dataIndex: 'className', width: 110 },
            { title: t('samples.score'), dataIndex: 'teacherScore', width: 70 },
            { title: t('samples.scopeLabel'), dataIndex: 'scope', width: 90, render: (v: SampleSummary['scope']) => t(`samples.scope.${v}`) },
            { title: t('samples.reasonLabel'), dataIndex: 'reason', ellipsis: true },
            { title: t('samples.proposedBy'), dataIndex: 'proposedBy', width: 90 },
            { title: '', dataIndex: 'status', width: 90, render: (v: SampleSummary['status']) => <Tag color={v === 'checking' ? 'blue' : 'orange'}>{t(`sample.status.${v}`)}</Tag> },
            {
              title: t('samples.actions'),
              width: 200,
              fixed: 'right',
              render: (_, s) =>
                s.status === 'to_release' ? (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => edit(s.id)} data-testid="pre-edit">
                      {t('samples.edit')}
                    </Button>
                    <Button type="link" size="small" onClick={() => void publish(s)} data-testid="pre-publish">
                      {s.scope === 'campus' ? t('samples.submitCheck') : t('samples.publish')}
                    </Button>
                    <Popconfirm title={t('samples.withdrawConfirm')} onConfirm={() => withdraw(s)}>
                      <Button type="link" size="small" danger>
                        {t('samples.withdraw')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ) : (
                  <Button type="link" size="small" onClick={() => navigate('/excellentArticle/exCheck')}>
                    {t('samples.check')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('samples.suggestions')} extra={<Typography.Text type="secondary">{t('samples.suggestionsHint')}</Typography.Text>} size="small" data-testid="samples-suggestions">
        <Table<SampleSuggestion>
          rowKey="essayId"
          size="small"
          loading={pre.loading}
          dataSource={pre.data?.suggestions ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('samples.noSuggestions') }}
          columns={[
            { title: t('samples.student'), dataIndex: 'studentName', width: 100 },
            { title: t('samples.class'), dataIndex: 'className', width: 110 },
            { title: t('samples.task'), dataIndex: 'taskTitle', width: 160 },
            { title: t('samples.score'), dataIndex: 'teacherScore', width: 70 },
            { title: t('samples.reasonLabel'), dataIndex: 'why' },
            {
              title: t('samples.actions'),
              width: 150,
              fixed: 'right',
              render: (_, s) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => navigate(`/homework/correctComment?essayId=${s.essayId}`)}>
                    {t('samples.view')}
                  </Button>
                  <ProposeSampleButton api={{ propose: async (id, reason) => { const r = await api.propose(id, reason); await pre.reload(); return r; } }} essayId={s.essayId} approved type="link" size="small" onOpenSample={edit} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
