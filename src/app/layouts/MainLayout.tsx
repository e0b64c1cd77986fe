import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Layout, Spin } from 'antd';
import { useLocation } from 'react-router-dom';
import { visibleMenus } from '../../core/layout/menu-visibility';
import { openTab, type Tab } from '../../core/tabs/multi-tab';
import type { RouteDef } from '../../core/routes/route-table';
import { STORAGE_NAMESPACE } from '../../core/constants';
import { PermissionProvider } from '../../views/auth/authorized';
import { useSignalValue } from '../../views/hooks/use-signal-value';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { HeaderBar } from '../header/HeaderBar';
import { BreadcrumbBar } from './BreadcrumbBar';
import type { LayoutSettings } from './SettingDrawer';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './main-layout.css';

// a development aid: its drawer and switches stay out of the first screen's code
const SettingDrawer = lazy(() => import('./SettingDrawer').then((m) => ({ default: m.SettingDrawer })));

const TABS_KEY = `${STORAGE_NAMESPACE}multi-tabs`;

function loadTabs(): Tab[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(TABS_KEY) ?? '[]') as Tab[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * The main layout of product-rules.md#screens: side menu from the server (collapsed on writingWorkInfo, hidden on
 * expired), header, multi-tab bar, breadcrumb, content and footer. Pages flagged keepAlive stay
 * mounted while their tab is open, so switching tabs keeps their state.
 */
export function MainLayout({ route, renderPage }: { route: RouteDef; renderPage(route: RouteDef): ReactNode }) {
  const t = useT();
  const location = useLocation();
  const { session, config } = useApp();
  const menu = useSignalValue(session.menu);
  const user = useSignalValue(session.user);
  const granted = useMemo(
    () => (user?.permissions ?? []).map((p) => ({ permissionId: p.permissionId, actions: p.actionEntitySet.map((a) => a.action) })),
    [user],
  );
  const version = useSignalValue(session.version);
  const [settings, setSettings] = useState<LayoutSettings>({ collapsed: false, multiTab: true });
  const [tabs, setTabs] = useState<Tab[]>(loadTabs);
  const kept = useRef(new Map<string, RouteDef>());

  const fullPath = location.pathname + location.search;
  useEffect(() => {
    setTabs((current) => openTab(current, { path: route.path, fullPath }));
  }, [route.path, fullPath]);
  useEffect(() => {
    window.sessionStorage.setItem(TABS_KEY, JSON.stringify(tabs));
  }, [tabs]);

  if (route.keepAlive) kept.current.set(route.path, route);
  for (const path of kept.current.keys()) if (!tabs.some((tab) => tab.path === path) && path !== route.path) kept.current.delete(path);

  const items = useMemo(() => visibleMenus(menu?.menus ?? [], version?.versionId), [menu, version]);
  const collapsed = settings.collapsed || Boolean(route.collapseSideMenu);
  const fallback = <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <Layout className="zp-main-layout" hasSider={!route.hideSideMenu}>
      {!route.hideSideMenu && (
        <SideMenu items={items} activePath={route.path} collapsed={collapsed} onCollapse={(c) => setSettings((s) => ({ ...s, collapsed: c }))} />
      )}
      <Layout>
        <HeaderBar />
        {settings.multiTab && <TabBar tabs={tabs} activePath={route.path} onChange={setTabs} />}
        <Layout.Content className="zp-content">
          <BreadcrumbBar route={route} />
          <PermissionProvider granted={granted}>
            <div className="zp-page">
              {[...kept.current.values()].map((r) => (
                <div key={r.path} hidden={r.path !== route.path} data-keep-alive={r.path}>
                  <Suspense fallback={fallback}>{renderPage(r)}</Suspense>
                </div>
              ))}
              {!route.keepAlive && <Suspense key={route.path} fallback={fallback}>{renderPage(route)}</Suspense>}
            </div>
          </PermissionProvider>
        </Layout.Content>
        <Layout.Footer className="zp-footer">{t('footer.copyright', { year: new Date().getFullYear() })}</Layout.Footer>
      </Layout>
      {config.env !== 'production' && (
        <Suspense fallback={null}>
          <SettingDrawer settings={settings} onChange={setSettings} />
        </Suspense>
      )}
    </Layout>
  );
}
