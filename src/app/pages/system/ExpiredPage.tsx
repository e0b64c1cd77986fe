import { Button, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

/** The only page an expired institution can open (product-rules.md#states). */
export default function ExpiredPage() {
  const t = useT();
  const navigate = useNavigate();
  const { session } = useApp();
  return (
    <Result
      data-testid="expired-page"
      icon={<ClockCircleOutlined style={{ color: '#c21939' }} />}
      title={t('expired.title')}
      subTitle={t('expired.desc')}
      extra={
        <Button
          type="primary"
          onClick={async () => {
            await session.logout();
            navigate(LOGIN_PATH, { replace: true });
          }}
        >
          {t('expired.logout')}
        </Button>
      }
    />
  );
}
