import type { ReactNode } from 'react';
import { Card } from 'antd';

/** A narrow card in the middle of a blank page (identity choice, password pages, loading). */
export function CenteredCard({ title, children, width = 440 }: { title: ReactNode; children: ReactNode; width?: number }) {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f5f3f0', boxSizing: 'border-box' }}>
      <Card title={title} style={{ width: '100%', maxWidth: width }}>
        {children}
      </Card>
    </div>
  );
}
