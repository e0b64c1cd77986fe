import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { LCW_KINDS, LCW_MAX_OPTIONS, type LcwKind, type Question } from '../../../core/api/contracts/lcw';
import { useT } from '../../../views/i18n/i18n-context';
import { kindKey, letter, useLcwApi } from './use-lcw';

interface Values {
  kind: LcwKind;
  stem: string;
  options: string[];
  single?: number;
  multiple?: number[];
  judge?: number;
  explanation: string;
  points: number;
}

/** Add or edit one bank question; the server checks it again (the messages come back translated). */
export function QuestionModal({ open, question, onClose, onSaved }: { open: boolean; question: Question | null; onClose(): void; onSaved(): void }) {
  const t = useT();
  const api = useLcwApi();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'single';
  const options = Form.useWatch('options', form) ?? [];

  useEffect(() => {
    if (!open) return;
    const q = question;
    form.setFieldsValue({
      kind: q?.kind ?? 'single',
      stem: q?.stem ?? '',
      options: q && q.options.length ? q.options : ['', '', '', ''],
      single: q?.kind === 'single' ? q.answer[0] : undefined,
      multiple: q?.kind === 'multiple' ? q.answer : [],
      judge: q?.kind === 'judge' ? q.answer[0] : 1,
      explanation: q?.explanation ?? '',
      points: q?.points ?? 5,
    });
  }, [open, question, form]);

  const save = async () => {
    const v = await form.validateFields();
    const choice = v.kind === 'single' || v.kind === 'multiple';
    const body = {
      kind: v.kind,
      stem: v.stem,
      options: choice ? v.options.map((o) => o.trim()) : [],
      answer: v.kind === 'single' ? (v.single === undefined ? [] : [v.single]) : v.kind === 'multiple' ? (v.multiple ?? []) : v.kind === 'judge' ? [v.judge ?? 1] : [],
      explanation: v.explanation,
      points: v.points,
    };
    if (question) await api.updateQuestion(question.id, body);
    else await api.addQuestion(body);
    onSaved();
  };

  const choiceOptions = options.map((o, i) => ({ value: i, label: `${letter(i)}${o ? `. ${o}` : ''}` }));
  return (
    <Modal open={open} title={t(question ? 'lcw.editQuestion' : 'lcw.newQuestion')} onCancel={onClose} onOk={() => void save()} width={640} destroyOnHidden data-testid="lcw-question-modal">
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="kind" label={t('lcw.f.kind')}>
          <Radio.Group optionType="button" options={LCW_KINDS.map((k) => ({ value: k, label: t(kindKey(k)) }))} />
        </Form.Item>
        <Form.Item name="stem" label={t('lcw.f.stem')} rules={[{ required: true, whitespace: true, message: t('lcw.stemRequired') }]}>
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="lcw-q-stem" />
        </Form.Item>
        {(kind === 'single' || kind === 'multiple') && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Form.Item label={t('lcw.f.options')}>
                {fields.map((f, i) => (
                  <Space key={f.key} style={{ display: 'flex', marginBottom: 6 }}>
                    <span style={{ width: 16 }}>{letter(i)}</span>
                    <Form.Item name={f.name} noStyle rules={[{ required: true, whitespace: true, message: t('lcw.optionBlank') }]}>
                      <Input style={{ width: 440 }} maxLength={200} data-testid={`lcw-q-option-${i}`} />
                    </Form.Item>
                    {fields.length > 2 && <Button type="link" onClick={() => remove(f.name)}>×</Button>}
                  </Space>
                ))}
                {fields.length < LCW_MAX_OPTIONS && <Button onClick={() => add('')}>{t('lcw.addOption')}</Button>}
              </Form.Item>
            )}
          </Form.List>
        )}
        {kind === 'single' && (
          <Form.Item name="single" label={t('lcw.f.answer')} rules={[{ required: true, message: t('lcw.singleNoAnswer') }]}>
            <Radio.Group options={choiceOptions} data-testid="lcw-q-single" />
          </Form.Item>
        )}
        {kind === 'multiple' && (
          <Form.Item name="multiple" label={t('lcw.f.answer')} rules={[{ type: 'array', min: 2, message: t('lcw.multipleTwoAnswers') }]}>
            <Checkbox.Group options={choiceOptions} />
          </Form.Item>
        )}
        {kind === 'judge' && (
          <Form.Item name="judge" label={t('lcw.f.answer')}>
            <Radio.Group options={[{ value: 1, label: t('lcw.true') }, { value: 0, label: t('lcw.false') }]} />
          </Form.Item>
        )}
        <Form.Item name="explanation" label={t('lcw.f.explanation')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item name="points" label={t('lcw.f.points')}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export const kindOptions = (t: ReturnType<typeof useT>) => LCW_KINDS.map((k) => ({ value: k, label: t(kindKey(k)) }));
