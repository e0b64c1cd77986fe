import { Grid, Layout, Menu } from 'antd';
import {
  AuditOutlined, BarChartOutlined, DashboardOutlined, DatabaseOutlined, EditOutlined, FileTextOutlined,
  HomeOutlined, RiseOutlined, SafetyOutlined, SolutionOutlined, StarOutlined, TeamOutlined, AppstoreOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { SIDE_MENU_WIDTH } from '../../core/constants';
import type { MenuItem } from '../../core/api/contracts/auth';
import { useLang, useT } from '../../views/i18n/i18n-context';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />, 'file-text': <FileTextOutlined />, team: <TeamOutlined />, star: <StarOutlined />, rise: <RiseOutlined />,
  database: <DatabaseOutlined />, edit: <EditOutlined />, dashboard: <DashboardOutlined />, 'bar-chart': <BarChartOutlined />,
  safety: <SafetyOutlined />, solution: <SolutionOutlined />, audit: <AuditOutlined />,
};

/** The dark, 202 px, collapsible side menu built from the server's menu (spec §2). */
export function SideMenu(props: { items: MenuItem[]; activePath: string; collapsed: boolean; onCollapse(collapsed: boolean): void }) {
  const navigate = useNavigate();
  const lang = useLang();
  const t = useT();
  // Phones (< 576 px) fold the menu away entirely; the trigger tab brings it back.
  const phone = !Grid.useBreakpoint().sm;
  const selected = props.items
    .filter((m) => props.activePath === m.path || props.activePath.startsWith(`${m.path.replace(/\/index$/, '')}/`))
    .map((m) => m.key);
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
        onClick={({ key }) => {
          const item = props.items.find((m) => m.key === key);
          if (item) navigate(item.path);
        }}
        items={props.items.map((m) => ({ key: m.key, icon: ICONS[m.icon] ?? <AppstoreOutlined />, label: lang === 'en' ? m.titleEn : m.titleZh }))}
      />
    </Layout.Sider>
  );
}
