import { useState } from 'react';
import { Button, Card, Modal, Popover, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { PracticeSummary } from '../../../core/api/contracts/practice';
import { EmptyState } from '../../../views/common/EmptyState';
import { QrCodeCard } from '../../../views/common/QrCodeCard';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { focusLabel, STATE_COLORS } from '../../../views/practice/labels';
import { PracticeSetModal } from './PracticeSetModal';
import { practiceLink, useMyClasses, usePracticeApis } from './use-practice';
import { schoolTime } from '../../../core/time/school-time';

/** /practice/index: the teacher's practices with participation and average AI score; set, close, delete. */
export default function PracticeIndexPage() {
  const t = useT();
  const navigate = useNavigate();
  const { practice } = usePracticeApis();
  const classes = useMyClasses();
  const [classId, setClassId] = useState<number | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [setting, setSetting] = useState(false);
  const list = useAsync(() => practice.page({ kind: 'practice', pageNum, pageSize: 20, ...(classId ? { classId } : {}) }), [practice, classId, pageNum]);
  const shownClass = classes.data?.find((c) => c.id === (classId ?? classes.data?.[0]?.id));

  const close = (p: PracticeSummary) =>
    Modal.confirm({ title: p.title, content: t('practice.closeConfirm'), onOk: async () => { await practice.end(p.id); await list.reload(); } });
  const remove = (p: PracticeSummary) =>
    Modal.confirm({ title: p.title, content: t('practice.deleteConfirm'), okButtonProps: { danger: true }, onOk: async () => { await practice.remove(p.id); await list.reload(); } });

  return (
    <div data-testid="practice-index">
      <Card size="small">
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Select allowClear style={{ width: 180 }} placeholder={t('practice.allClasses')} value={classId} options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))} onChange={(v) => { setClassId(v); setPageNum(1); }} data-testid="practice-class-filter" />
            {shownClass && (
              <Typography.Text type="secondary">
                {t('practice.studentLink')}（{shownClass.name}）：
                <Typography.Text copyable={{ text: practiceLink(shownClass.classCode) }} data-testid="practice-student-link">
                  /teaching/h5/practice?code={shownClass.classCode}
                </Typography.Text>
              </Typography.Text>
            )}
            {/* Pupils scan the entry from the projector or a printed sheet: a bare path is no use on a phone. */}
            {shownClass && (
              <Popover trigger="click" content={<QrCodeCard value={practiceLink(shownClass.classCode)} title={`${t('practice.studentLink')} · ${shownClass.name}`} description={t('practice.studentLinkHelp')} size={200} />}>
                <Button size="small" icon={<QrcodeOutlined />} data-testid="practice-student-qr">
                  {t('practice.studentQr')}
                </Button>
              </Popover>
            )}
          </Space>
          <Button type="primary" onClick={() => setSetting(true)} data-testid="practice-set">
            {t('practice.set')}
          </Button>
        </Space>
        {list.data && list.data.total === 0 ? (
          <EmptyState text={t('practice.empty')} />
        ) : (
          <Table<PracticeSummary>
            rowKey="id"
            size="middle"
            loading={list.loading}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 900 }}
            pagination={{ current: pageNum, pageSize: 20, total: list.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
            data-testid="practice-table"
            columns={[
              { title: t('practice.titleLabel'), dataIndex: 'title', render: (v: string, p) => <a onClick={() => navigate(`/practice/testWorkInfo?id=${p.id}`)}>{v}</a> },
              { title: t('practice.class'), dataIndex: 'className', width: 110 },
              { title: t('practice.focus'), dataIndex: 'focus', width: 90, render: (f: string) => (f ? <Tag color="magenta">{focusLabel(t, f)}</Tag> : '—') },
              { title: t('practice.minWords'), dataIndex: 'minWords', width: 90 },
              { title: t('practice.deadline'), dataIndex: 'endsAt', width: 150, render: (v: string | null, p) => (<Space direction="vertical" size={0}><span>{v ? schoolTime(v, 'MM-DD HH:mm') : '—'}</span><Tag color={STATE_COLORS[p.state]}>{t(`practice.state.${p.state}`)}</Tag></Space>) },
              { title: t('practice.participation'), key: 'participation', width: 160, render: (_: unknown, p) => (<div data-testid="practice-participation"><Progress percent={p.classSize ? Math.round((p.participants / p.classSize) * 100) : 0} size="small" format={() => `${p.participants}/${p.classSize}`} /></div>) },
              { title: t('practice.average'), dataIndex: 'averagePercent', width: 90, render: (v: number | null) => <span data-testid="practice-average">{v ?? '—'}</span> },
              { title: t('practice.averageWords'), dataIndex: 'averageWords', width: 90, render: (v: number | null) => v ?? '—' },
              {
                title: t('practice.actions'),
                key: 'actions',
                width: 170,
                render: (_: unknown, p) => (
                  <Space>
                    <a onClick={() => navigate(`/practice/testWorkInfo?id=${p.id}`)} data-testid="practice-view">{t('practice.view')}</a>
                    {p.state === 'open' && <a onClick={() => close(p)}>{t('practice.close')}</a>}
                    <a onClick={() => remove(p)} style={{ color: '#c21939' }}>{t('practice.delete')}</a>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <PracticeSetModal kind="practice" open={setting} defaultClassId={classId ?? classes.data?.[0]?.id} onClose={() => setSetting(false)} onCreated={() => { setSetting(false); void list.reload(); }} />
    </div>
  );
}
