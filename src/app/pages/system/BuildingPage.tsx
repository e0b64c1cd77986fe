import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import type { RouteDef } from '../../../core/routes/route-table';
import { useT } from '../../../views/i18n/i18n-context';

/** Honest state for routes whose feature ships in a later release: routing and guards already work. */
export default function BuildingPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <Result
      data-testid="building-page"
      icon={<ToolOutlined style={{ color: '#c21939' }} />}
      title={t('building.title', { page: t(route.titleKey) })}
      subTitle={t('building.desc')}
    />
  );
}
