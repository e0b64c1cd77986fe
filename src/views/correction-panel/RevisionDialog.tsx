import { useState } from 'react';
import { Input, Modal, Radio, Space, Typography } from 'antd';
import type { RevisionMode } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';

export interface RevisionDialogProps {
  open: boolean;
  studentName: string;
  /** the draft the student's next upload becomes (1 or 2) */
  nextDraft: number;
  busy: boolean;
  onSubmit(mode: RevisionMode, message: string): void;
  onCancel(): void;
}

/**
 * Ask for a revised draft (product-rules.md#states): keep the current essay to compare with the revision, or discard
 * it and its comment; an optional message goes to the student with the notification.
 */
export function RevisionDialog(props: RevisionDialogProps) {
  const t = useT();
  const [mode, setMode] = useState<RevisionMode>('keep');
  const [message, setMessage] = useState('');
  return (
    <Modal
      open={props.open}
      title={t('panel.requestRevisionTitle', { name: props.studentName })}
      okText={t('panel.requestRevisionOk')}
      cancelText={t('common.cancel')}
      confirmLoading={props.busy}
      onOk={() => props.onSubmit(mode, message.trim())}
      onCancel={props.onCancel}
      destroyOnHidden
      data-testid="cp-revision-dialog"
    >
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as RevisionMode)}>
        <Space direction="vertical">
          <Radio value="keep" data-testid="cp-revision-keep">
            {t('panel.revisionKeep')}
            <Typography.Text type="secondary" className="zp-cp-radio-hint">
              {t('panel.revisionKeepHint')}
            </Typography.Text>
          </Radio>
          <Radio value="discard" data-testid="cp-revision-discard">
            {t('panel.revisionDiscard')}
            <Typography.Text type="secondary" className="zp-cp-radio-hint">
              {t('panel.revisionDiscardHint')}
            </Typography.Text>
          </Radio>
        </Space>
      </Radio.Group>
      <Input.TextArea
        style={{ marginTop: 16 }}
        value={message}
        maxLength={200}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('panel.revisionMessage')}
        onChange={(e) => setMessage(e.target.value)}
        aria-label={t('panel.revisionMessage')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('panel.revisionNotice', { draft: t(`upload.draft${Math.min(2, Math.max(0, props.nextDraft))}` as 'upload.draft0') })}
      </Typography.Paragraph>
    </Modal>
  );
}
