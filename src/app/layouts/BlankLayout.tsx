import type { ReactNode } from 'react';

/** Pages with no navigation: errors, identity choice, public report pages, the standalone panel. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="zp-blank-layout">{children}</div>;
}
