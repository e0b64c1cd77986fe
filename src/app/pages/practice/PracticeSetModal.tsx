import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Switch, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PRACTICE_FOCUSES, type PracticeKind, type PracticeSummary } from '../../../core/api/contracts/practice';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { focusLabel } from '../../../views/practice/labels';
import { useMyClasses, usePracticeApis } from './use-practice';

interface Values {
  classId: number;
  title: string;
  prompt?: string;
  sourceId?: number;
  minWords: number;
  focus: string;
  deadline?: Dayjs;
  durationMinutes?: number;
  startNow?: boolean;
}

/** Setting a practice (deadline) or a classroom essay (duration, start now or later). */
export function PracticeSetModal({ kind, open, defaultClassId, onClose, onCreated }: { kind: PracticeKind; open: boolean; defaultClassId?: number | undefined; onClose: () => void; onCreated: (p: PracticeSummary) => void }) {
  const t = useT();
  const { practice, bank } = usePracticeApis();
  const classes = useMyClasses();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [keyword, setKeyword] = useState('');
  const sources = useAsync(() => (open ? bank.page({ pageSize: 20, ...(keyword ? { keyword } : {}) }) : Promise.resolve(null)), [bank, open, keyword]);

  // Without a class chosen by the caller, the teacher's first class (the dialog opened with an empty select).
  const firstClassId = classes.data?.[0]?.id;
  useEffect(() => {
    if (open && firstClassId !== undefined && form.getFieldValue('classId') === undefined) form.setFieldsValue({ classId: defaultClassId ?? firstClassId });
  }, [open, firstClassId, defaultClassId, form]);

  const submit = async () => {
    // an invalid form shows its messages beside the fields; the rejection is not an error of the page
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const p = await practice.add({
        kind,
        classId: v.classId,
        title: v.title,
        prompt: v.prompt ?? '',
        ...(v.sourceId ? { sourceId: v.sourceId } : {}),
        minWords: v.minWords,
        focus: (v.focus ?? '') as '',
        ...(kind === 'practice' ? { deadline: v.deadline!.toISOString() } : { durationMinutes: v.durationMinutes!, startNow: Boolean(v.startNow) }),
      });
      message.success(t(kind === 'practice' ? 'practice.created' : 'classroom.created'));
      form.resetFields();
      onCreated(p);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const pickSource = (id: number | undefined) => {
    const s = sources.data?.list.find((x) => x.id === id);
    if (s) form.setFieldsValue({ title: s.title.slice(0, 60), prompt: [s.topic, s.material, ...s.requirements].filter(Boolean).join('\n') });
  };

  return (
    <Modal title={t(kind === 'practice' ? 'practice.setTitle' : 'classroom.new')} open={open} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'practice-set-ok' } as Record<string, string>} destroyOnHidden width={620}>
      <Form form={form} layout="vertical" initialValues={{ classId: defaultClassId, minWords: kind === 'practice' ? 200 : 400, focus: '', deadline: dayjs().add(2, 'day').hour(20).minute(0).second(0), durationMinutes: 40, startNow: false }}>
        <Form.Item name="classId" label={t('practice.class')} rules={[{ required: true, message: t('practice.class') }]}>
          <Select options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))} data-testid="practice-set-class" />
        </Form.Item>
        <Form.Item name="sourceId" label={t('practice.fromBank')}>
          <Select
            allowClear
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            onChange={pickSource}
            options={(sources.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.title} · ${s.topic}` }))}
            data-testid="practice-set-source"
          />
        </Form.Item>
        <Form.Item name="title" label={t('practice.titleLabel')} rules={[{ required: true, whitespace: true, message: t('practice.titleRequired') }, { max: 60, message: t('practice.titleTooLong') }]}>
          <Input maxLength={60} data-testid="practice-set-title" />
        </Form.Item>
        <Form.Item name="prompt" label={t('practice.prompt')} extra={t('practice.promptHelp')}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="practice-set-prompt" />
        </Form.Item>
        <Form.Item name="minWords" label={t('practice.minWords')} rules={[{ required: true, type: 'number', min: 50, max: 1500, message: t('practice.minWordsRange') }]}>
          <InputNumber min={50} max={1500} step={50} style={{ width: 160 }} data-testid="practice-set-min" />
        </Form.Item>
        <Form.Item name="focus" label={t('practice.focus')}>
          <Select options={['', ...PRACTICE_FOCUSES].map((f) => ({ value: f, label: focusLabel(t, f) }))} data-testid="practice-set-focus" />
        </Form.Item>
        {kind === 'practice' ? (
          <Form.Item name="deadline" label={t('practice.deadline')} rules={[{ required: true, message: t('practice.deadlineRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="practice-set-deadline" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="durationMinutes" label={t('classroom.duration')} rules={[{ required: true, type: 'number', min: 5, max: 120, message: t('practice.durationRange') }]}>
              <InputNumber min={5} max={120} style={{ width: 160 }} data-testid="classroom-duration" />
            </Form.Item>
            <Form.Item name="startNow" label={t('classroom.startNow')} valuePropName="checked">
              <Switch data-testid="classroom-start-now" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
