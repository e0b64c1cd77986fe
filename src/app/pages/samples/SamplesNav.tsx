import { Segmented } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';

const TABS = [
  ['/excellentArticle/pre-list', 'page.excePreList'],
  ['/excellentArticle/exceHome', 'page.exceHome'],
  ['/excellentArticle/list', 'page.exceList'],
  ['/excellentArticle/exCheck', 'page.exceCheck'],
] as const;

/** The sample essay pages' switcher (pre-list, home, list, exCheck). */
export function SamplesNav() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Segmented
      style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
      value={TABS.find(([p]) => pathname.endsWith(p))?.[0] ?? TABS[0][0]}
      options={TABS.map(([value, key]) => ({ value, label: t(key) }))}
      onChange={(v) => navigate(String(v))}
      data-testid="samples-nav"
    />
  );
}
