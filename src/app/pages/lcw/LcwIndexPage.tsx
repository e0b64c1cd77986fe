import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Table, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { TestListItem } from '../../../core/api/contracts/lcw';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { QuestionBank } from './QuestionBank';
import { TestStatusTag, useLcwApi } from './use-lcw';
import { Authorized, usePermission } from '../../../views/auth/authorized';
import { schoolTime } from '../../../core/time/school-time';

/** /lcwAts/index (礼仪测试): the tests the teacher gave, with participation, average and marking to do; and the question bank. */
export default function LcwIndexPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useLcwApi();
  const can = usePermission();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const tests = useAsync(() => api.tests({ keyword: keyword || undefined, ...paging }), [api, keyword, paging]);

  const list = (
    <div data-testid="lcw-tests">
      <Space style={{ marginBottom: 12 }} wrap>
        <Authorized action="lcw.add">
          <Button type="primary" onClick={() => navigate('/lcwAts/newSetUp')} data-testid="lcw-new-test">{t('lcw.newTest')}</Button>
        </Authorized>
        <Input.Search allowClear placeholder={t('lcw.f.title')} style={{ width: 240 }} onSearch={(v) => { setKeyword(v.trim()); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
      </Space>
      <Table<TestListItem>
        rowKey="id"
        loading={tests.loading}
        dataSource={tests.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: tests.data?.total ?? 0, onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }) }}
        columns={[
          { title: t('lcw.f.title'), dataIndex: 'title', render: (title: string, r) => <a onClick={() => navigate(`/lcwAts/particularsLcw?id=${r.id}`)}>{title}</a> },
          { title: t('lcw.f.classes'), render: (_: unknown, r) => r.classes.map((c) => c.name).join('、') },
          { title: t('enroll.f.status'), width: 90, render: (_: unknown, r) => <TestStatusTag test={r} t={t} /> },
          { title: t('lcw.f.deadline'), dataIndex: 'deadline', width: 150, render: (d: string) => schoolTime(d, 'YYYY-MM-DD HH:mm') },
          { title: t('lcw.questions'), width: 90, render: (_: unknown, r) => `${r.questionCount} / ${r.totalPoints}` },
          { title: t('lcw.participation'), width: 90, render: (_: unknown, r) => `${r.submittedCount} / ${r.studentCount}` },
          { title: t('lcw.average'), dataIndex: 'averageScore', width: 80, render: (v: number | null) => v ?? '—' },
          { title: t('lcw.pending'), dataIndex: 'pendingMarking', width: 80 },
          {
            title: '',
            width: 260,
            render: (_: unknown, r) => (
              <Space size="small" wrap>
                <a onClick={() => navigate(`/lcwAts/particularsLcw?id=${r.id}`)}>{t('lcw.results')}</a>
                <Authorized action="lcw.edit">
                  <a onClick={() => navigate(`/lcwAts/examineLcw?id=${r.id}`)} data-testid="lcw-open-marking">{t('lcw.mark')}</a>
                </Authorized>
                <a onClick={() => navigate(`/lcwAts/studentViewing?id=${r.id}`)}>{t('lcw.preview')}</a>
                {r.status === 'draft' && can('lcw.edit') && <a onClick={() => void api.publishTest(r.id).then(() => { void message.success(t('lcw.published')); return tests.reload(); })}>{t('lcw.publish')}</a>}
                {r.submittedCount === 0 && can('lcw.delete') && (
                  <Popconfirm title={t('lcw.confirmDelete')} onConfirm={() => void api.deleteTest(r.id).then(() => tests.reload())}>
                    <a style={{ color: '#c21939' }}>×</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
  return <Tabs items={[{ key: 'tests', label: t('lcw.tests'), children: list }, { key: 'bank', label: t('lcw.bank'), children: <QuestionBank /> }]} />;
}
