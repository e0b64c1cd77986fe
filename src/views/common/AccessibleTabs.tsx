import { useLayoutEffect, useRef } from 'react';
import { Tabs, type TabsProps } from 'antd';

/**
 * antd puts role="tablist" on the whole tab bar, which also holds its hidden "more" button and any
 * extra content, so screen readers meet buttons where only tabs may be (axe: aria-required-children,
 * critical). The list of tabs itself gets the role instead; React does not touch these attributes
 * again after mount, and the observer covers bars that mount later (a tab bar inside a lazy pane).
 */
export function AccessibleTabs(props: TabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      for (const nav of root.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
        const list = nav.querySelector('.ant-tabs-nav-list');
        if (!list) continue;
        list.setAttribute('role', 'tablist');
        const orientation = nav.getAttribute('aria-orientation');
        if (orientation) list.setAttribute('aria-orientation', orientation);
        nav.removeAttribute('role');
        nav.removeAttribute('aria-orientation');
      }
      // A closable tab's × is a button inside the tablist; keyboard users close tabs from the bar's
      // menu (and the spec's refusals apply there), so the × is for pointers only.
      for (const remove of root.querySelectorAll('.ant-tabs-tab-remove:not([aria-hidden])')) {
        remove.setAttribute('aria-hidden', 'true');
        remove.setAttribute('tabindex', '-1');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="zp-accessible-tabs">
      <Tabs {...props} />
    </div>
  );
}
