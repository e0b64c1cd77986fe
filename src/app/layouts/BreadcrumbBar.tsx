import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { breadcrumbTrail, HOME_PATH, type RouteDef } from '../../core/routes/route-table';
import { useT } from '../../views/i18n/i18n-context';

/** Breadcrumb from home (/teacherIndex) to the current page. */
export function BreadcrumbBar({ route }: { route: RouteDef }) {
  const t = useT();
  const trail = breadcrumbTrail(route).filter((r) => r.path !== HOME_PATH);
  return (
    <Breadcrumb
      className="zp-breadcrumb"
      items={[
        { title: <Link to={HOME_PATH}>{t('breadcrumb.home')}</Link> },
        ...trail.map((r, i) => ({ title: i === trail.length - 1 || r.redirect ? t(r.titleKey) : <Link to={r.path}>{t(r.titleKey)}</Link> })),
      ]}
    />
  );
}
