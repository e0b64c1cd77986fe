import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { LcwKind, Question } from '../../../core/api/contracts/lcw';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { kindOptions } from './QuestionModal';
import { answerText, kindKey, useLcwApi } from './use-lcw';

interface Values {
  title: string;
  description: string;
  startsAt?: Dayjs | null;
  deadline?: Dayjs;
  classIds: number[];
}

/** /lcwAts/newSetUp: name the test, pick classes and a deadline, pick questions from the bank (points per question), publish or keep a draft. */
export default function NewSetUpPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const api = useLcwApi();
  const [form] = Form.useForm<Values>();
  const classes = useAsync(() => api.classes(), [api]);
  const [kind, setKind] = useState<LcwKind | undefined>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const bank = useAsync(() => api.questions({ kind, keyword: keyword || undefined, ...paging }), [api, kind, keyword, paging]);
  const [picked, setPicked] = useState<(Question & { chosenPoints: number })[]>([]);
  const [busy, setBusy] = useState(false);
  const total = useMemo(() => picked.reduce((s, q) => s + q.chosenPoints, 0), [picked]);

  const toggle = (q: Question, on: boolean) => setPicked((list) => (on ? (list.some((x) => x.id === q.id) ? list : [...list, { ...q, chosenPoints: q.points }]) : list.filter((x) => x.id !== q.id)));
  const move = (i: number, d: number) => setPicked((list) => {
    const next = [...list];
    const [x] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(next.length, i + d)), 0, x!);
    return next;
  });

  const save = async (publish: boolean) => {
    const v = await form.validateFields();
    if (!picked.length) {
      void message.error(t('lcw.questionsRequired'));
      return;
    }
    setBusy(true);
    try {
      const { id } = await api.createTest({
        title: v.title,
        description: v.description ?? '',
        startsAt: v.startsAt ? v.startsAt.toISOString() : null,
        deadline: v.deadline!.toISOString(),
        classIds: v.classIds,
        questions: picked.map((q) => ({ questionId: q.id, points: q.chosenPoints })),
        publish,
      });
      void message.success(publish ? t('lcw.published') : t('lcw.draft'));
      navigate(publish ? `/lcwAts/studentViewing?id=${id}` : '/lcwAts/index');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="lcw-new">
      <Card title={t('lcw.newTest')} style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ deadline: dayjs().add(3, 'day').hour(18).minute(0).second(0), classIds: [] }}>
          <Space wrap align="start" size="large">
            <Form.Item name="title" label={t('lcw.f.title')} rules={[{ required: true, whitespace: true, message: t('lcw.titleRequired') }]} style={{ width: 320 }}>
              <Input maxLength={60} data-testid="lcw-test-title" />
            </Form.Item>
            <Form.Item name="classIds" label={t('lcw.f.classes')} rules={[{ type: 'array', min: 1, message: t('lcw.classesRequired') }]} style={{ width: 320 }}>
              <Select mode="multiple" loading={classes.loading} options={(classes.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.studentCount}）` }))} optionFilterProp="label" data-testid="lcw-test-classes" />
            </Form.Item>
            <Form.Item name="startsAt" label={t('lcw.f.startsAt')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item name="deadline" label={t('lcw.f.deadline')} rules={[{ required: true, message: t('lcw.deadlineRequired') }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="lcw-test-deadline" />
            </Form.Item>
          </Space>
          <Form.Item name="description" label={t('lcw.f.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Card>

      <Card title={t('lcw.picked', { count: picked.length, points: total })} style={{ marginBottom: 16 }} data-testid="lcw-picked">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={picked}
          columns={[
            { title: '#', width: 50, render: (_: unknown, __: unknown, i: number) => i + 1 },
            { title: t('lcw.f.kind'), width: 100, render: (_: unknown, q) => <Tag>{t(kindKey(q.kind))}</Tag> },
            { title: t('lcw.f.stem'), dataIndex: 'stem' },
            {
              title: t('lcw.f.points'),
              width: 110,
              render: (_: unknown, q, i) => <InputNumber min={1} max={100} precision={0} value={q.chosenPoints} onChange={(v) => setPicked((list) => list.map((x, j) => (j === i ? { ...x, chosenPoints: Number(v) || 1 } : x)))} />,
            },
            {
              title: '',
              width: 110,
              render: (_: unknown, q, i) => (
                <Space>
                  <a onClick={() => move(i, -1)}>↑</a>
                  <a onClick={() => move(i, 1)}>↓</a>
                  <a onClick={() => toggle(q, false)} style={{ color: '#c21939' }}>×</a>
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Card title={t('lcw.pickQuestions')} extra={<Space><Select allowClear placeholder={t('lcw.f.kind')} style={{ width: 130 }} options={kindOptions(t)} value={kind} onChange={setKind} /><Input.Search allowClear style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} /></Space>}>
        <Table<Question>
          rowKey="id"
          size="small"
          loading={bank.loading}
          dataSource={bank.data?.list ?? []}
          rowSelection={{ selectedRowKeys: picked.map((q) => q.id), onSelect: (q, on) => toggle(q, on), onSelectAll: (on, _rows, changed) => changed.forEach((q) => toggle(q, on)) }}
          pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: bank.data?.total ?? 0, onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }) }}
          columns={[
            { title: t('lcw.f.kind'), width: 100, render: (_: unknown, q) => <Tag>{t(kindKey(q.kind))}</Tag> },
            { title: t('lcw.f.stem'), dataIndex: 'stem' },
            { title: t('lcw.f.answer'), width: 80, render: (_: unknown, q) => answerText(q.kind, q.answer, t) || '—' },
            { title: t('lcw.f.points'), dataIndex: 'points', width: 70 },
          ]}
        />
      </Card>

      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => void save(false)} loading={busy}>{t('lcw.saveDraft')}</Button>
        <Button type="primary" onClick={() => void save(true)} loading={busy} data-testid="lcw-publish">{t('lcw.publish')}</Button>
      </Space>
    </div>
  );
}
