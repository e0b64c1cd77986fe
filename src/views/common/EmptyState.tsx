import type { ReactNode } from 'react';
import { Empty } from 'antd';

/** An empty list that says what to do next, with the button that does it. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="empty-state">
      {action}
    </Empty>
  );
}
