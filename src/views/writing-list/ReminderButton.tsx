import { useState } from 'react';
import { App, Button, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useT } from '../i18n/i18n-context';

export interface ReminderButtonProps {
  api: { review: Pick<ReviewApi, 'remind'> };
  taskId: number;
  classId: number;
  /** names of the students who have not submitted yet */
  pending: string[];
}

/**
 * One-click reminder to the students who have not submitted (product-rules.md#screens Writing list). Confirms with the
 * names first and then shows who was reminded; the server refuses a repeat within 10 minutes and its
 * message is shown by the client.
 */
export function ReminderButton({ api, taskId, classId, pending }: ReminderButtonProps) {
  const t = useT();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const remind = async () => {
    setBusy(true);
    try {
      const result = await api.review.remind({ taskId, classId });
      modal.success({
        title: t('writingList.remindDone', { count: result.reminded }),
        content: <Typography.Paragraph data-testid="remind-result">{result.students.join('、') || t('writingList.remindNobody')}</Typography.Paragraph>,
        okText: t('common.ok'),
      });
    } catch {
      // the client already showed the server's message (e.g. reminded less than 10 minutes ago)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon={<BellOutlined />}
      loading={busy}
      disabled={pending.length === 0}
      data-testid="remind"
      onClick={() =>
        modal.confirm({
          title: t('writingList.remindConfirm', { count: pending.length }),
          content: <Typography.Paragraph type="secondary">{pending.join('、')}</Typography.Paragraph>,
          okText: t('writingList.remindSend'),
          cancelText: t('common.cancel'),
          onOk: () => void remind(),
        })
      }
    >
      {t('writingList.remindButton', { count: pending.length })}
    </Button>
  );
}
