import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';

export default function RegisterResultPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <Result
      status="success"
      title={t('register.resultTitle', { username: params.get('username') ?? '' })}
      subTitle={t('register.resultDesc')}
      extra={
        <Link to="/user/login">
          <Button type="primary">{t('register.toLogin')}</Button>
        </Link>
      }
    />
  );
}
