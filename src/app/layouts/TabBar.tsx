import { Dropdown, App } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { closeLeft, closeOthers, closeRight, closeTab, type Tab, type TabResult } from '../../core/tabs/multi-tab';
import { findRoute } from '../../core/routes/route-table';
import { useT } from '../../views/i18n/i18n-context';
import { AccessibleTabs } from '../../views/common/AccessibleTabs';

/** The multi-tab bar with its four close actions and the spec's three refusals. */
export function TabBar(props: { tabs: Tab[]; activePath: string; onChange(tabs: Tab[]): void }) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const apply = (result: TabResult) => {
    if (result.refusal) {
      void message.warning(t(result.refusal));
      return;
    }
    props.onChange(result.tabs);
    if (result.activate) navigate(result.activate);
  };
  const menuFor = (path: string) => ({
    items: [
      { key: 'current', label: t('tabs.closeCurrent') },
      { key: 'right', label: t('tabs.closeRight') },
      { key: 'left', label: t('tabs.closeLeft') },
      { key: 'others', label: t('tabs.closeOthers') },
    ],
    onClick: ({ key }: { key: string }) => {
      const fn = { current: closeTab, right: closeRight, left: closeLeft, others: closeOthers }[key as 'current'];
      apply(fn(props.tabs, path, props.activePath));
    },
  });

  return (
    <div className="zp-tabbar" data-testid="multi-tab">
      <AccessibleTabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={props.activePath}
        onChange={(key) => navigate(props.tabs.find((tab) => tab.path === key)?.fullPath ?? key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') apply(closeTab(props.tabs, key, props.activePath));
        }}
        items={props.tabs.map((tab) => {
          const route = findRoute(tab.path);
          return {
            key: tab.path,
            closable: true,
            label: (
              <Dropdown menu={menuFor(tab.path)} trigger={['contextMenu']}>
                <span data-tab-path={tab.path}>{route ? t(route.titleKey) : tab.path}</span>
              </Dropdown>
            ),
          };
        })}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(props.activePath)} trigger={['click']}>
              <a className="zp-tab-actions" aria-label={t('tabs.closeOthers')} data-testid="tab-actions">
                <DownOutlined />
              </a>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
