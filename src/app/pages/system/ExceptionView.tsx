import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import type { MessageKey } from '../../../core/i18n';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { BASE_PATH } from '../../boot/app-services';

/** Error pages: the back-to-home button clears local storage and goes to the login page (product-rules.md#screens). */
export function ExceptionView({ status, messageKey }: { status: ResultProps['status']; messageKey: MessageKey }) {
  const t = useT();
  const { session } = useApp();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={String(status)}
        subTitle={t(messageKey)}
        extra={
          <Button
            type="primary"
            onClick={async () => {
              await session.logout();
              window.sessionStorage.clear();
              window.location.assign(BASE_PATH + LOGIN_PATH);
            }}
          >
            {t('exception.backHome')}
          </Button>
        }
      />
    </div>
  );
}
