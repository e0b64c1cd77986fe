import { useState } from 'react';
import { Form, Input, Modal, Radio, Space, Typography } from 'antd';
import type { RevisionMode } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useT } from '../i18n/i18n-context';
import { BatchResultList, type BatchResult } from './BatchResultList';

export interface RevisionRequestModalProps {
  api: { review: Pick<ReviewApi, 'requestRevision'> };
  essayIds: number[];
  nameOf(essayId: number): string;
  onClose(changed: boolean): void;
}

/**
 * Ask the selected students for a revised draft (product-rules.md#states Resubmission): keep the current essay to
 * compare with the revision, or discard it and its comment; an optional message goes with the
 * students' H5 notification. Afterwards shows who was asked and who was skipped, with the reasons.
 */
export function RevisionRequestModal({ api, essayIds, nameOf, onClose }: RevisionRequestModalProps) {
  const t = useT();
  const [mode, setMode] = useState<RevisionMode>('keep');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchResult | null>(null);

  const submit = async () => {
    setBusy(true);
    try {
      setResult(await api.review.requestRevision({ essayIds, mode, message: message.trim() }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('writingList.revisionTitle', { count: essayIds.length })}
      okText={result ? t('common.ok') : t('writingList.revisionSend')}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => (result ? onClose(result.done.length > 0) : void submit())}
      onCancel={() => onClose(Boolean(result?.done.length))}
      okButtonProps={{ 'data-testid': 'revision-send' } as Record<string, string>}
    >
      {result ? (
        <BatchResultList result={result} nameOf={nameOf} />
      ) : (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">{essayIds.map(nameOf).join('、')}</Typography.Paragraph>
          <Form.Item label={t('writingList.revisionMode')}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as RevisionMode)}>
              <Space orientation="vertical">
                <Radio value="keep" data-testid="revision-keep">
                  {t('writingList.revisionKeep')}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('writingList.revisionKeepHelp')}
                  </Typography.Text>
                </Radio>
                <Radio value="discard" data-testid="revision-discard">
                  {t('writingList.revisionDiscard')}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('writingList.revisionDiscardHelp')}
                  </Typography.Text>
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('writingList.revisionMessage')}>
            <Input.TextArea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={200} showCount rows={3} placeholder={t('writingList.revisionMessagePlaceholder')} data-testid="revision-message" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
