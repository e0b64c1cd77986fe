import { Grid, Layout, Menu } from 'antd';
import {
  AuditOutlined, BarChartOutlined, DashboardOutlined, DatabaseOutlined, EditOutlined, FileTextOutlined,
  HomeOutlined, RiseOutlined, SafetyOutlined, SolutionOutlined, StarOutlined, TeamOutlined, AppstoreOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useEffect, useState, type ReactNode } from 'react';
import { SIDE_MENU_WIDTH } from '../../core/constants';
import type { MenuItem } from '../../core/api/contracts/auth';
import { useLang, useT } from '../../views/i18n/i18n-context';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />, 'file-text': <FileTextOutlined />, team: <TeamOutlined />, star: <StarOutlined />, rise: <RiseOutlined />,
  database: <DatabaseOutlined />, edit: <EditOutlined />, dashboard: <DashboardOutlined />, 'bar-chart': <BarChartOutlined />,
  safety: <SafetyOutlined />, solution: <SolutionOutlined />, audit: <AuditOutlined />,
};

/** The dark, 202 px, collapsible side menu built from the server's menu (product-rules.md#screens). */
export function SideMenu(props: { items: MenuItem[]; activePath: string; collapsed: boolean; onCollapse(collapsed: boolean): void }) {
  const navigate = useNavigate();
  const lang = useLang();
  const t = useT();
  // Phones (< 576 px) fold the menu away entirely; the trigger tab brings it back.
  const phone = !Grid.useBreakpoint().sm;
  const selected = props.items
    .filter((m) => props.activePath === m.path || props.activePath.startsWith(`${m.path.replace(/\/index$/, '')}/`))
    .map((m) => m.key);
  // Entries with a parentKey form that parent's sub-menu (教学管理); the sub-menu of the page shown opens.
  const keys = new Set(props.items.map((m) => m.key));
  const childrenOf = (key: string) => props.items.filter((m) => m.parentKey === key);
  const activeParents = props.items.filter((m) => selected.includes(m.key) && m.parentKey).map((m) => m.parentKey!);
  const [openKeys, setOpenKeys] = useState<string[]>(activeParents);
  const activeParentsKey = activeParents.join(',');
  useEffect(() => {
    if (activeParentsKey) setOpenKeys((open) => [...new Set([...open, ...activeParentsKey.split(',')])]);
  }, [activeParentsKey]);
  const label = (m: MenuItem) => (lang === 'en' ? m.titleEn : m.titleZh);
  const entries = props.items
    .filter((m) => !m.parentKey || !keys.has(m.parentKey))
    .map((m) => {
      const children = childrenOf(m.key);
      const icon = ICONS[m.icon] ?? <AppstoreOutlined />;
      return children.length
        ? { key: m.key, icon, label: label(m), children: children.map((c) => ({ key: c.key, label: label(c) })) }
        : { key: m.key, icon, label: label(m) };
    });
  return (
    <Layout.Sider
      width={SIDE_MENU_WIDTH}
      theme="dark"
      collapsible
      collapsed={props.collapsed}
      onCollapse={props.onCollapse}
      breakpoint="lg"
      collapsedWidth={phone ? 0 : 80}
      className="zp-sider"
    >
      <div className="zp-sider-logo" title={t('app.fullName')}>
        <span className="zp-sider-mark">批</span>
        {!props.collapsed && <span className="zp-sider-name">{t('app.name')}</span>}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected}
        {...(props.collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          const item = props.items.find((m) => m.key === key);
          if (item) navigate(item.path);
        }}
        items={entries}
      />
    </Layout.Sider>
  );
}
