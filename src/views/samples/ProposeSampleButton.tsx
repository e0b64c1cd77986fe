import { useState } from 'react';
import { Button, Input, Modal, Tooltip, message } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import type { SamplesApi } from '../../core/api/endpoints/samples';
import { useT } from '../i18n/i18n-context';

export interface ProposeSampleButtonProps {
  api: Pick<SamplesApi, 'propose'>;
  essayId: number;
  /** only approved essays qualify (the server refuses others too) */
  approved: boolean;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
  /** the "edit it" link of the confirmation: e.g. the sample's edit page */
  onOpenSample?(sampleId: number): void;
}

/** "Propose as sample": one click opens a short dialog with an optional reason. */
export function ProposeSampleButton({ api, essayId, approved, size, type = 'default', onOpenSample }: ProposeSampleButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, holder] = message.useMessage();

  const submit = async () => {
    setBusy(true);
    try {
      const sample = await api.propose(essayId, reason.trim());
      setOpen(false);
      setReason('');
      void msg.success({
        content: (
          <span data-testid="propose-sample-done">
            {t('samples.proposed')}
            {onOpenSample && (
              <Button type="link" size="small" onClick={() => onOpenSample(sample.id)} data-testid="propose-sample-open">
                {t('samples.openPreList')}
              </Button>
            )}
          </span>
        ),
        duration: 6,
      });
    } catch {
      // the client already showed the server's message (not approved, already a sample)
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {holder}
      <Tooltip title={approved ? undefined : t('samples.needApproved')}>
        <Button size={size} type={type} icon={<StarOutlined />} disabled={!approved} onClick={() => setOpen(true)} data-testid="propose-sample">
          {t('samples.propose')}
        </Button>
      </Tooltip>
      <Modal open={open} title={t('samples.proposeTitle')} onCancel={() => setOpen(false)} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'propose-sample-ok' } as Record<`data-${string}`, string>} destroyOnHidden>
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} showCount rows={3} placeholder={t('samples.reason')} data-testid="propose-sample-reason" />
      </Modal>
    </>
  );
}
