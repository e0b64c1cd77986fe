import { useEffect, useState } from 'react';
import { App, Form, InputNumber, Modal, Radio, Spin, Switch } from 'antd';
import { AI_REVIEW_DEFAULT_CUSTOM_SECONDS, AI_REVIEW_DELAY_PRESETS_SECONDS } from '../../core/constants';
import { ApiError } from '../../core/api/client';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';

/** "Set AI review": whether and how long after upload the AI review starts (product-rules.md#entities, #validation, #limits). */
export function AiReviewModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { platform } = useApp();
  const [loaded, setLoaded] = useState(false);
  const [enabled, setEnabled] = useState(true);
  const [choice, setChoice] = useState<number | 'custom'>(60);
  const [custom, setCustom] = useState<number | null>(AI_REVIEW_DEFAULT_CUSTOM_SECONDS);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void platform.autoCorrectionConfig().then((c) => {
      setEnabled(c.enabled);
      if (c.manual === 1) {
        setChoice('custom');
        setCustom(c.waitMinute);
      } else setChoice(c.waitMinute);
      setLoaded(true);
    });
  }, [platform]);

  const customInvalid = choice === 'custom' && (custom === null || custom < 1);
  const save = async () => {
    if (customInvalid) return;
    setSaving(true);
    try {
      await platform.setAutoCorrectionEnabled(enabled);
      await platform.setAutoCorrectionDelay(choice === 'custom' ? custom! : choice, choice === 'custom' ? 1 : 0);
      void message.success(t('aiReview.saved'));
      onClose();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={t('aiReview.title')} open={open} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ disabled: customInvalid }}>
      {!loaded ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('aiReview.enabled')}>
            <Switch checked={enabled} onChange={setEnabled} />
          </Form.Item>
          <Form.Item label={t('aiReview.delay')}>
            <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as number | 'custom')} disabled={!enabled}>
              {AI_REVIEW_DELAY_PRESETS_SECONDS.map((s) => (
                <Radio.Button key={s} value={s}>
                  {t('aiReview.seconds', { n: s })}
                </Radio.Button>
              ))}
              <Radio.Button value="custom">{t('aiReview.custom')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {choice === 'custom' && (
            <Form.Item label={t('aiReview.customSeconds')} validateStatus={customInvalid ? 'error' : undefined} help={customInvalid ? t('aiReview.customMin') : undefined}>
              <InputNumber min={1} precision={0} value={custom} onChange={(v) => setCustom(v)} disabled={!enabled} addonAfter="s" />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
