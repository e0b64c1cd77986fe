import { useState } from 'react';
import { App, Button, Card, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../core/api/client';
import type { WritingSource } from '../../../core/api/contracts/prompt-bank';
import { EmptyState } from '../../../views/common/EmptyState';
import { gradeLabel, useGradeOptions } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { validFields } from '../../../views/common/valid-fields';
import { AccessibleTabs } from '../../../views/common/AccessibleTabs';

type Scope = 'public' | 'mine';

/** /requireWork/index: the essay question bank, public and mine; copy, edit, delete, assign from it. */
export default function RequireWorkPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { bank, platform } = useApp();
  const grades = useGradeOptions();
  const [scope, setScope] = useState<Scope>('public');
  const [query, setQuery] = useState<{ grade?: number; type?: string; keyword?: string; pageNum: number }>({ pageNum: 1 });
  const [editing, setEditing] = useState<WritingSource | 'new' | null>(null);
  const [form] = Form.useForm();
  const genres = useAsync(() => platform.dict('genre'), [platform]);
  const list = useAsync(() => (scope === 'public' ? bank.page({ ...query, pageSize: 10 }) : bank.myPage({ ...query, pageSize: 10 })), [bank, scope, query]);
  const genreLabel = (v: string) => genres.data?.find((g) => g.value === v)?.label ?? v;

  const open = (s: WritingSource | 'new') => {
    setEditing(s);
    form.resetFields();
    if (s !== 'new') form.setFieldsValue({ ...s, requirements: s.requirements.join('\n') });
  };
  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    try {
      await bank.save({
        id: editing !== 'new' && editing ? editing.id : undefined,
        title: v.title,
        theme: v.theme ?? '',
        topic: v.topic ?? '',
        type: v.type,
        grade: v.grade,
        unit: v.unit ?? null,
        requirements: String(v.requirements ?? '').split('\n').map((r: string) => r.replace(/^\s*\d+[.、．]\s*/, '').trim()).filter(Boolean).slice(0, 5),
        guidance: v.guidance ?? '',
        material: v.material ?? '',
      });
      setEditing(null);
      void message.success(t('teaching.saved'));
      await list.reload();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };
  const copy = async (s: WritingSource) => {
    await bank.toPersonal(s.id);
    void message.success(t('bank.copied'));
  };
  const remove = (s: WritingSource) =>
    modal.confirm({
      title: t('teaching.delete'),
      content: t('teaching.confirmDelete', { name: s.title }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await bank.remove(s.id);
        await list.reload();
      },
    });

  return (
    <Card data-testid="bank-page">
      <AccessibleTabs
        activeKey={scope}
        onChange={(k) => {
          setScope(k as Scope);
          setQuery({ pageNum: 1 });
        }}
        items={[
          { key: 'public', label: t('bank.public') },
          { key: 'mine', label: t('bank.mine') },
        ]}
        tabBarExtraContent={<Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>{t('bank.new')}</Button>}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select allowClear placeholder={t('teaching.grade')} style={{ width: 130 }} options={grades} onChange={(grade) => setQuery((q) => ({ ...q, grade, pageNum: 1 }))} />
        <Select allowClear placeholder={t('task.genre')} style={{ width: 140 }} options={(genres.data ?? []).map((g) => ({ value: g.value, label: g.label }))} onChange={(type) => setQuery((q) => ({ ...q, type, pageNum: 1 }))} />
        <Input.Search allowClear placeholder={t('bank.keyword')} style={{ width: 240 }} onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword || undefined, pageNum: 1 }))} />
      </Space>
      <Table<WritingSource>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState text={t('bank.empty')} /> }}
        scroll={{ x: 860 }}
        pagination={{ current: query.pageNum, pageSize: 10, total: list.data?.total ?? 0, onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })), showTotal: (total) => t('teaching.total', { total }) }}
        expandable={{
          expandedRowRender: (s) => (
            <div>
              {s.requirements.map((r, i) => (
                <div key={i}>
                  {i + 1}. {r}
                </div>
              ))}
              {s.guidance && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{s.guidance}</Typography.Paragraph>}
            </div>
          ),
        }}
        columns={[
          { title: t('task.title'), dataIndex: 'title' },
          { title: t('teaching.grade'), dataIndex: 'grade', render: (g: number) => gradeLabel(g, lang), width: 100 },
          { title: t('task.genre'), dataIndex: 'type', render: (v: string) => <Tag>{genreLabel(v)}</Tag>, width: 110 },
          { title: t('bank.theme'), dataIndex: 'theme' },
          {
            title: t('teaching.actions'),
            render: (_, s) => (
              <Space size={4} wrap>
                <Button size="small" type="primary" ghost onClick={() => navigate(`/teacherIndex/assignTask?sourceId=${s.id}`)}>
                  {t('bank.use')}
                </Button>
                {scope === 'public' ? (
                  <Button size="small" onClick={() => void copy(s)}>
                    {t('bank.copyToMine')}
                  </Button>
                ) : (
                  <>
                    <Button size="small" onClick={() => open(s)}>{t('teaching.edit')}</Button>
                    <Button size="small" danger onClick={() => remove(s)}>{t('teaching.delete')}</Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={editing !== null} width={520} title={t('bank.new')} onClose={() => setEditing(null)} extra={<Button type="primary" onClick={() => void save()}>{t('common.save')}</Button>}>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label={t('task.title')} rules={[{ required: true, whitespace: true, message: t('task.form.title') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="grade" label={t('teaching.grade')} style={{ flex: 1 }} rules={[{ required: true, message: t('task.form.gradeFirst') }]}>
              <Select options={grades} />
            </Form.Item>
            <Form.Item name="type" label={t('task.genre')} style={{ flex: 1 }} rules={[{ required: true, message: t('task.form.genre') }]}>
              <Select options={(genres.data ?? []).map((g) => ({ value: g.value, label: g.label }))} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="theme" label={t('bank.theme')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="requirements" label={t('task.requirements')} extra={t('task.requirementsHelp')}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name="guidance" label={t('task.guidance')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="material" label={t('task.material')}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Drawer>
    </Card>
  );
}
