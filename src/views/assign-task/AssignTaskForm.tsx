import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../core/constants';
import { ApiError } from '../../core/api/client';
import { UNIT_TASK_TYPES, type Task, type TaskBody } from '../../core/api/contracts/tasks';
import type { WritingSource } from '../../core/api/contracts/prompt-bank';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { PlatformApi } from '../../core/api/endpoints/platform';
import type { PromptBankApi } from '../../core/api/endpoints/prompt-bank';
import type { ScoringApi } from '../../core/api/endpoints/scoring';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { useGradeOptions } from '../common/use-grade-options';
import { useAsync } from '../hooks/use-async';
import { useLang, useT } from '../i18n/i18n-context';
import { RequirementsField } from './RequirementsField';
import { confirmPublish } from './confirm-publish';
import { dimensionLabel } from '../../core/scoring/dimensions';
import { standardName } from '../scoring/standard-name';
// Styles render with the view (not into the document head), so they reach a widget's shadow root.
import styles from './assign-task.css?inline';

export interface AssignTaskFormProps {
  api: { tasks: TasksApi; classes: ClassesApi; bank: PromptBankApi; scoring: ScoringApi; platform: PlatformApi };
  /** Modify this task; absent = assign a new one. */
  taskId?: number;
  /** Preselected class for a new task. */
  classId?: number;
  /** A prompt-bank source to start from. */
  sourceId?: number;
  onDone(task: Task): void;
  onCancel(): void;
}

interface Values {
  classIds: number[];
  type: TaskBody['type'];
  grade?: number;
  unit?: number;
  topicId?: number;
  title: string;
  genre?: string;
  semesterId?: string;
  difficulty: 'easy' | 'normal' | 'hard';
  material: string;
  requirements: string[];
  guidance: string;
  scheduled: boolean;
  releaseAt?: Dayjs;
  deadline?: Dayjs;
  scoringStandardId?: number;
}

/**
 * Assign or modify an essay task (product-rules.md#screens assignTask, product-rules.md#entities Essay task, product-rules.md#validation messages). The topic
 * cascades grade → unit → topic from the prompt bank; picking a topic fills title, genre,
 * requirements and guidance, which stay editable.
 */
export function AssignTaskForm(props: AssignTaskFormProps) {
  const t = useT();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const { api } = props;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const gradeOptions = useGradeOptions();
  const grade = Form.useWatch('grade', form);
  const unit = Form.useWatch('unit', form);
  const scheduled = Form.useWatch('scheduled', form);

  const refs = useAsync(
    () => Promise.all([api.classes.list({ pageSize: 100 }), api.platform.dict('genre'), api.classes.semesters(), api.scoring.levels()]),
    [api],
  );
  const editing = useAsync(() => (props.taskId ? api.tasks.get(props.taskId) : Promise.resolve(null)), [api.tasks, props.taskId]);
  const units = useAsync(() => (grade ? api.bank.units(grade) : Promise.resolve([])), [api.bank, grade]);
  const topics = useAsync(
    () => (grade ? api.bank.page({ grade, unit: unit ?? undefined, pageSize: 100 }).then((p) => p.list) : Promise.resolve([] as WritingSource[])),
    [api.bank, grade, unit],
  );

  const [classes, genres, semesters, levels] = useMemo(() => refs.data ?? [null, [], [], []], [refs.data]);
  // Fill the form once per loaded task (or once for a new one): watched fields re-render on every set.
  const filledFor = useRef<string | null>(null);
  const currentSemester = useMemo(() => semesters.find((s) => s.isCurrent)?.semesterId, [semesters]);

  useEffect(() => {
    const task = editing.data;
    const key = task ? `task-${task.id}` : props.taskId ? null : classes ? 'new' : null;
    if (!key || filledFor.current === key) return;
    filledFor.current = key;
    if (task) {
      form.setFieldsValue({
        classIds: task.classes.map((c) => c.id),
        type: task.type,
        grade: task.grade,
        unit: task.unit ?? undefined,
        title: task.title,
        genre: task.genre,
        semesterId: task.semesterId ?? undefined,
        difficulty: task.difficulty,
        material: task.material,
        requirements: task.requirements,
        guidance: task.guidance,
        scheduled: task.scheduled,
        releaseAt: dayjs(task.releaseAt),
        deadline: dayjs(task.deadline),
        scoringStandardId: task.scoringStandardId ?? undefined,
      });
    } else if (!props.taskId && classes) {
      const klass = classes.list.find((c) => c.id === props.classId) ?? classes.list[0];
      form.setFieldsValue({
        classIds: klass ? [klass.id] : [],
        grade: form.getFieldValue('grade') ?? klass?.grade,
        semesterId: form.getFieldValue('semesterId') ?? currentSemester,
        scoringStandardId: form.getFieldValue('scoringStandardId') ?? levels.find((l) => l.isDefault)?.id,
      });
    }
  }, [editing.data, classes, props.taskId, props.classId, currentSemester, levels, form]);

  useEffect(() => {
    if (!props.sourceId) return;
    void api.bank.get(props.sourceId).then((s) => applySource(s)).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.sourceId]);

  function applySource(s: WritingSource) {
    form.setFieldsValue({
      topicId: s.id,
      grade: s.grade,
      unit: s.unit ?? undefined,
      title: s.title,
      genre: s.type,
      requirements: s.requirements.slice(0, 5),
      guidance: s.guidance,
      material: s.material,
    });
  }

  /** Opening unit or topic before the grade is chosen says what to do first (product-rules.md#validation). */
  const needGrade = (open: boolean, key: 'task.form.gradeFirst' | 'task.form.gradeThenTopic') => {
    if (open && !form.getFieldValue('grade')) {
      void message.warning(t(key));
      form.setFields([{ name: 'grade', errors: [t(key)] }]);
    }
  };

  const submit = async (v: Values) => {
    const chosen = classes?.list.filter((c) => v.classIds.includes(c.id)) ?? [];
    const ok = await confirmPublish(modal, t, { title: v.title, classes: chosen, modify: Boolean(props.taskId), releaseAt: v.scheduled ? v.releaseAt : undefined, deadline: v.deadline! });
    if (!ok) return;
    setSaving(true);
    const body: TaskBody = {
      title: v.title,
      type: v.type,
      genre: v.genre!,
      grade: v.grade!,
      unit: v.unit ?? null,
      semesterId: v.semesterId ?? null,
      difficulty: v.difficulty,
      material: v.material ?? '',
      requirements: (v.requirements ?? []).map((r) => r.trim()).filter(Boolean),
      guidance: v.guidance ?? '',
      releaseAt: v.releaseAt ? v.releaseAt.toISOString() : null,
      deadline: v.deadline!.toISOString(),
      scheduled: v.scheduled,
      scoringStandardId: v.scoringStandardId ?? null,
      sourceId: v.topicId ?? null,
      classIds: v.classIds,
    };
    try {
      const task = props.taskId ? await api.tasks.update({ ...body, id: props.taskId }) : await api.tasks.add(body);
      void message.success(t(props.taskId ? 'task.updated' : 'task.created'));
      props.onDone(task);
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    } finally {
      setSaving(false);
    }
  };

  if (refs.loading && !refs.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const typeOptions = [
    { value: 'textbookUnit', label: t('task.typeTextbookUnit') },
    { value: 'fiveFourUnit', label: t('task.typeFiveFourUnit') },
    { value: 'selfSet', label: t('task.typeSelfSet') },
  ];

  return (
    <Card className="zp-assign-task" data-testid="assign-form">
      <style>{styles}</style>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        // Enter in a field (a date picker, the title) must not publish the task to a whole class.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
        }}
        initialValues={{ type: 'selfSet', difficulty: 'normal', scheduled: false, requirements: [], material: '', guidance: '' }}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item name="classIds" label={t('task.classes')} rules={[{ required: true, message: t('task.classesRequired') }]}>
              <Select mode="multiple" options={classes?.list.map((c) => ({ value: c.id, label: c.name })) ?? []} data-testid="field-classes" />
            </Form.Item>
            <Form.Item name="type" label={t('task.type')}>
              <Radio.Group options={typeOptions} optionType="button" />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item name="grade" label={t('teaching.grade')}>
                  <Select allowClear options={gradeOptions} data-testid="field-grade" onChange={() => form.setFieldsValue({ unit: undefined, topicId: undefined })} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="unit"
                  label={t('task.unit')}
                  dependencies={['type']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, value) =>
                        UNIT_TASK_TYPES.includes(getFieldValue('type')) && !value ? Promise.reject(new Error(t('task.form.unit'))) : Promise.resolve(),
                    }),
                  ]}
                >
                  <Select
                    allowClear
                    data-testid="field-unit"
                    onOpenChange={(open) => needGrade(open, 'task.form.gradeFirst')}
                    options={(units.data ?? []).map((u) => ({ value: u, label: lang === 'en' ? `Unit ${u}` : `第${u}单元` }))}
                    onChange={() => form.setFieldsValue({ topicId: undefined })}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="topicId" label={t('task.topic')}>
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    data-testid="field-topic"
                    placeholder={t('task.pickFromBank')}
                    onOpenChange={(open) => needGrade(open, 'task.form.gradeThenTopic')}
                    options={(topics.data ?? []).map((s) => ({ value: s.id, label: s.title }))}
                    onChange={(id) => {
                      const s = topics.data?.find((x) => x.id === id);
                      if (s) applySource(s);
                    }}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="title" label={t('task.title')} rules={[{ required: true, whitespace: true, message: t('task.form.title') }]}>
              <Input maxLength={100} showCount data-testid="field-title" />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="genre" label={t('task.genre')} rules={[{ required: true, message: t('task.form.genre') }]}>
                  <Select options={genres.map((g) => ({ value: g.value, label: g.label }))} data-testid="field-genre" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="semesterId" label={t('teaching.semester')}>
                  <Select allowClear options={semesters.map((s) => ({ value: s.semesterId, label: s.name }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="difficulty" label={t('task.difficulty')}>
              <Radio.Group
                options={[
                  { value: 'easy', label: t('task.difficultyEasy') },
                  { value: 'normal', label: t('task.difficultyNormal') },
                  { value: 'hard', label: t('task.difficultyHard') },
                ]}
              />
            </Form.Item>
            <Form.Item name="scoringStandardId" label={t('task.ratingType')}>
              <Select allowClear options={levels.map((l) => ({ value: l.id, label: t('scoring.optionLabel', { name: standardName(l, t), dimensions: l.dimensions.map((d) => dimensionLabel(d, lang)).join(lang === 'en' ? ', ' : '、') }) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <RequirementsField editing={Boolean(props.taskId)} />
            <Form.Item name="guidance" label={t('task.guidance')}>
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
            <Form.Item name="material" label={t('task.material')}>
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="scheduled" label={t('task.scheduled')} valuePropName="checked" extra={t('task.scheduledDesc')}>
                  <Switch />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="releaseAt" label={t('task.releaseTime')} rules={[{ required: Boolean(scheduled), message: t('common.required') }]}>
                  <DatePicker showTime format={DATE_FORMAT} style={{ width: '100%' }} disabled={!scheduled && !props.taskId} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="deadline" label={t('task.deadline')} rules={[{ required: true, message: t('task.form.deadline') }]}>
              <DatePicker showTime format={DATE_FORMAT} style={{ width: '100%' }} data-testid="field-deadline" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="assign-submit">
            {props.taskId ? t('common.save') : t('task.assign')}
          </Button>
          <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
