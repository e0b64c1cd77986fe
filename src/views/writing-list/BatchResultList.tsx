import { Alert, List, Typography } from 'antd';
import type { z } from 'zod';
import type { batchResult } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';

export type BatchResult = z.infer<typeof batchResult>;

/** What a batch call did: how many essays it handled, and each one it skipped with the server's reason. */
export function BatchResultList({ result, nameOf }: { result: BatchResult; nameOf(essayId: number): string }) {
  const t = useT();
  return (
    <div data-testid="batch-result">
      <Alert type={result.skipped.length ? 'warning' : 'success'} showIcon title={t('writingList.batchSummary', { done: result.done.length, skipped: result.skipped.length })} style={{ marginBottom: 8 }} />
      {result.skipped.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('writingList.batchSkipped')}</Typography.Text>}
          dataSource={result.skipped}
          renderItem={(s) => (
            <List.Item data-testid="batch-skipped">
              <Typography.Text>{nameOf(s.essayId)}</Typography.Text>
              <Typography.Text type="secondary">{s.message}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
