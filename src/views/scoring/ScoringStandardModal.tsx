import { useEffect, useState } from 'react';
import { App, Checkbox, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { SCORE_FULL_MARK_OPTIONS } from '../../core/constants';
import { DIMENSION_CATALOGUE, DIMENSION_IDS, canonicalDimensionNames } from '../../core/scoring/dimensions';
import { ApiError } from '../../core/api/client';
import type { ScoringLevel } from '../../core/api/contracts/scoring';
import type { ScoringApi } from '../../core/api/endpoints/scoring';
import { useAsync } from '../hooks/use-async';
import { useLang, useT } from '../i18n/i18n-context';
import { validFields } from '../common/valid-fields';

/**
 * Scoring standard (mScoringLevel): score type 1–4, 4 to 8 dimensions for types 1, 2 and 4 (else
 * 'the scoring standard must have at least 4 and at most 8'), one option for type 3, and strictness.
 * 'Set successfully', then the page reloads (product-rules.md#errors).
 */
export function ScoringStandardModal({ scoring, onClose, onSaved }: { scoring: ScoringApi; onClose(): void; onSaved(): void }) {
  const t = useT();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const levels = useAsync(() => scoring.levels(), [scoring]);
  const [editing, setEditing] = useState<ScoringLevel | null>(null);
  const [form] = Form.useForm();
  const levelType: number = Form.useWatch('levelType', form) ?? 1;

  useEffect(() => {
    const mine = levels.data?.find((l) => l.mine) ?? null;
    setEditing(mine);
    const base = mine ?? levels.data?.find((l) => l.isDefault);
    if (base) form.setFieldsValue({ name: base.name, levelType: base.levelType, dimensions: base.levelType === 3 ? [] : canonicalDimensionNames(base.dimensions), option: base.levelType === 3 ? base.dimensions[0] : undefined, difficulty: base.difficulty });
  }, [levels.data, form]);

  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    const dims: string[] = v.levelType === 3 ? [v.option] : v.dimensions ?? [];
    if (v.levelType !== 3 && (dims.length < 4 || dims.length > 8)) {
      modal.warning({ title: t('scoring.dimensionsRule') });
      return;
    }
    const body = { name: v.name || undefined, levelType: v.levelType, levelDim: dims.join(','), difficulty: v.difficulty };
    try {
      if (editing) await scoring.updateLevel({ ...body, id: editing.id });
      else await scoring.addLevel(body);
      void message.success(t('scoring.saved'));
      onSaved();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };

  return (
    <Modal open title={t('scoring.title')} onCancel={onClose} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')} width={620}>
      <Form form={form} layout="vertical" initialValues={{ levelType: 1, difficulty: 0, dimensions: [] }} data-testid="scoring-form">
        <Form.Item name="name" label={t('foundation.name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="levelType" label={t('scoring.levelType')}>
          <Radio.Group optionType="button" options={[1, 2, 3, 4].map((n) => ({ value: n, label: t(`scoring.type${n}` as 'scoring.type1') }))} />
        </Form.Item>
        {levelType === 3 ? (
          <Form.Item name="option" label={t('scoring.option')} rules={[{ required: true, message: t('common.required') }]}>
            <Select options={SCORE_FULL_MARK_OPTIONS.map((o) => ({ value: o, label: o }))} />
          </Form.Item>
        ) : (
          <Form.Item name="dimensions" label={t('scoring.dimensions')} extra={<Typography.Text type="secondary">{t('scoring.dimensionsRule')}</Typography.Text>}>
            <Checkbox.Group options={DIMENSION_IDS.map((id) => ({ value: DIMENSION_CATALOGUE[id].zh, label: DIMENSION_CATALOGUE[id][lang] }))} />
          </Form.Item>
        )}
        <Form.Item name="difficulty" label={t('scoring.difficulty')}>
          <Radio.Group options={[{ value: 0, label: t('scoring.normal') }, { value: 1, label: t('scoring.hard') }]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
