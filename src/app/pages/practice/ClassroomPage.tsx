import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Modal, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { PracticeSummary } from '../../../core/api/contracts/practice';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { formatRemaining, STATE_COLORS } from '../../../views/practice/labels';
import { PracticeAttemptsTable } from './PracticeAttemptsTable';
import { PracticeSetModal } from './PracticeSetModal';
import { practiceLink, usePracticeApis } from './use-practice';
import { usePracticeDetail } from './use-practice-detail';
import { schoolTime } from '../../../core/time/school-time';

/**
 * /homework/situation/index (课堂作文): a timed in-class writing. The teacher creates it, starts it, the
 * class answers on their phones and the submissions arrive live (polled every 3 s); at the end (the
 * timer or 收卷) later submissions are refused by the server.
 */
export default function ClassroomPage() {
  const t = useT();
  const { practice } = usePracticeApis();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const list = useAsync(() => practice.page({ kind: 'classroom', pageSize: 50 }), [practice]);
  const selected = Number(params.get('id')) || list.data?.list[0]?.id || 0;
  const detail = usePracticeDetail(selected, 3000);
  const d = detail.data && detail.data.practice.id === selected ? detail.data : null;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(d?.remainingSeconds ?? null), [d?.remainingSeconds]);
  useEffect(() => {
    if (left === null) return;
    const timer = window.setInterval(() => setLeft((s) => (s === null ? null : Math.max(0, s - 1))), 1000);
    return () => window.clearInterval(timer);
  }, [left === null]); // eslint-disable-line react-hooks/exhaustive-deps

  // The history's n/total follows the live figures.
  const reloadList = list.reload;
  useEffect(() => {
    if (d) void reloadList();
  }, [d?.practice.participants, d?.practice.state, reloadList]); // eslint-disable-line react-hooks/exhaustive-deps
  const reloadAll = async () => {
    await Promise.all([list.reload(), detail.reload()]);
  };
  const start = async (p: PracticeSummary) => {
    await practice.start(p.id);
    await reloadAll();
  };
  const end = (p: PracticeSummary) => Modal.confirm({ title: p.title, content: t('classroom.endConfirm'), okButtonProps: { danger: true }, onOk: async () => { await practice.end(p.id); await reloadAll(); } });

  const p = d?.practice;
  return (
    <div data-testid="classroom-page">
      <Alert type="info" showIcon message={t('classroom.intro')} style={{ marginBottom: 12 }} />
      <Row gutter={12}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('classroom.history')} extra={<Button type="primary" size="small" onClick={() => setCreating(true)} data-testid="classroom-new">{t('classroom.new')}</Button>} style={{ marginBottom: 12 }}>
            {list.data && list.data.list.length === 0 ? (
              <Empty description={t('classroom.empty')} />
            ) : (
              <Table<PracticeSummary>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={list.data?.list ?? []}
                onRow={(r) => ({ onClick: () => setParams({ id: String(r.id) }), style: { cursor: 'pointer', background: r.id === selected ? '#fff1f0' : undefined } })}
                columns={[
                  { title: t('practice.titleLabel'), dataIndex: 'title', render: (v: string, r) => <span data-testid="classroom-item">{v}<br /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.className} · {schoolTime(r.createdAt, 'MM-DD HH:mm')}</Typography.Text></span> },
                  { title: t('practice.participation'), key: 'n', width: 70, render: (_: unknown, r) => `${r.participants}/${r.classSize}` },
                  { title: '', dataIndex: 'state', width: 70, render: (s: PracticeSummary['state']) => <Tag color={STATE_COLORS[s]}>{t(`practice.state.${s}`)}</Tag> },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          {!p ? (
            <Card size="small"><Empty description={t('classroom.empty')} /></Card>
          ) : (
            <Card size="small" title={<Space>{p.title}<Tag color={STATE_COLORS[p.state]}>{t(`practice.state.${p.state}`)}</Tag></Space>} data-testid="classroom-live">
              <Space size={40} wrap style={{ display: 'flex', marginBottom: 12 }}>
                <Statistic title={t('classroom.live')} value={t('classroom.submitted', { n: p.participants, total: p.classSize })} valueStyle={{ fontSize: 22 }} />
                {p.state === 'open' && left !== null && <Statistic title={t('classroom.remaining', { time: '' })} value={formatRemaining(left)} valueStyle={{ fontSize: 22, color: left < 300 ? '#c21939' : undefined }} />}
                {p.state === 'notStarted' && <Statistic title={t('classroom.duration')} value={p.durationMinutes ?? 0} valueStyle={{ fontSize: 22 }} />}
                <Statistic title={t('practice.average')} value={p.averagePercent ?? '—'} valueStyle={{ fontSize: 22 }} />
              </Space>
              <Space style={{ display: 'flex', marginBottom: 12 }} wrap>
                {p.state === 'notStarted' && <Button type="primary" onClick={() => void start(p)} data-testid="classroom-start">{t('classroom.start')}</Button>}
                {p.state === 'open' && <Button danger type="primary" onClick={() => end(p)} data-testid="classroom-end">{t('classroom.end')}</Button>}
                <Typography.Text type="secondary">{t('practice.studentLink')}：<Typography.Text copyable>{practiceLink(p.classCode)}</Typography.Text></Typography.Text>
              </Space>
              {p.participants === 0 && p.state === 'open' && <Alert type="warning" message={t('classroom.waiting')} style={{ marginBottom: 12 }} />}
              <PracticeAttemptsTable detail={d} onChanged={() => void detail.reload()} />
            </Card>
          )}
        </Col>
      </Row>
      <PracticeSetModal kind="classroom" open={creating} onClose={() => setCreating(false)} onCreated={(c) => { setCreating(false); setParams({ id: String(c.id) }); void list.reload(); }} />
    </div>
  );
}
