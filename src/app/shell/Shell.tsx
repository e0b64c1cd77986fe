import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Spin } from 'antd';
import { ApiError } from '../../core/api/client';
import { decideNavigation, loginRedirect } from '../../core/session/guard';
import { pageTitle } from '../../core/i18n/language';
import type { RouteDef } from '../../core/routes/route-table';
import { useSignalValue } from '../../views/hooks/use-signal-value';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { BlankLayout } from '../layouts/BlankLayout';
import { MainLayout } from '../layouts/MainLayout';
import { UserLayout } from '../layouts/UserLayout';
import { PAGES } from './page-registry';
import { lazyPage } from './lazy-page';

// antd's Result (its illustrations) only for routes without a page yet
const BuildingPage = lazyPage(() => import('../pages/system/BuildingPage'));

function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

export function pageFor(route: RouteDef): ReactNode {
  const Page = PAGES[route.name];
  return Page ? <Page /> : <BuildingPage route={route} />;
}

/** Resolves the URL to a route, runs the product-rules.md#states guard, and renders the route in its layout. */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const { session } = useApp();
  const token = useSignalValue(session.token);
  const loaded = useSignalValue(session.loaded);
  const user = useSignalValue(session.user);
  const fullPath = location.pathname + location.search;
  const arrival = useRef({ key: location.key, hadToken: Boolean(token) });
  if (arrival.current.key !== location.key) arrival.current = { key: location.key, hadToken: Boolean(token) };
  const decision = decideNavigation(location.pathname, fullPath, {
    hasToken: Boolean(token),
    loaded,
    limitStatus: user?.limit.status,
    permissionIds: user?.currentPermission ?? [],
    arrivedWithToken: arrival.current.hadToken,
  });

  const mustLoad = decision.kind === 'load';
  const mustLogout = decision.kind === 'redirect' && Boolean(decision.logout);
  useEffect(() => {
    if (mustLoad) {
      session.load().catch((err: unknown) => {
        // A 401 is already handled by the API client (product-rules.md#errors); other failures log out here (product-rules.md#states).
        if (err instanceof ApiError && err.status === 401) return;
        void session.logout({ callServer: false }).then(() => navigate(loginRedirect(fullPath), { replace: true }));
      });
    }
    if (mustLogout) void session.logout();
  }, [mustLoad, mustLogout, fullPath, navigate, session]);

  const route = decision.kind === 'allow' ? decision.route : null;
  useEffect(() => {
    if (!route) return;
    const sys = user?.systemInfo;
    document.title = pageTitle({ page: t(route.titleKey), appName: t('app.name'), prefix: sys?.titlePrefix, schoolType: sys?.schoolType, chatName: sys?.wxChat });
  }, [route, t, user]);

  if (decision.kind === 'load' || (decision.kind === 'redirect' && decision.logout)) return <FullPageSpin />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const r = decision.route;
  const page = <Suspense fallback={<FullPageSpin />}>{pageFor(r)}</Suspense>;
  if (r.layout === 'user') return <UserLayout>{page}</UserLayout>;
  if (r.layout === 'blank' || !loaded) return <BlankLayout>{page}</BlankLayout>;
  return <MainLayout route={r} renderPage={pageFor} />;
}
