import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiClient, ApiError } from '../../../core/api/client';
import { SSO_ERRORS } from '../../../core/api/contracts/sso';
import { ssoApi } from '../../../core/api/endpoints/sso';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { safeRedirect, useAfterSignIn } from '../../components/use-after-sign-in';
import { runSsoCall, ssoCallFor, type SsoFlow } from './sso-request';

/**
 * The SSO entry pages of product-rules.md#screens (DetailHome, goYueShen, goYueShenTwo, gohzyTY): read the partner's
 * query, make the matching product-rules.md#api call once, store the token and land like any sign-in — or say why
 * not, with a way back. The call goes through a quiet client: a refusal is 401, and the app's 401 rule
 * (clear and go to the login page) would hide the reason.
 */
export function SsoEntry({ flow }: { flow: SsoFlow }) {
  const t = useT();
  const navigate = useNavigate();
  const { config } = useApp();
  const afterSignIn = useAfterSignIn();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const api = useMemo(
    () =>
      ssoApi(
        new ApiClient({
          baseUrl: '/correction-api',
          getToken: () => null,
          lang: () => config.lang,
          handlers: { notifyError: () => {}, onUnauthorized: () => {}, onSystemExpired: () => {} },
        }),
      ),
    [config.lang],
  );

  useEffect(() => {
    // A launch or ticket is single-use: never send it twice (re-render, effect re-run).
    if (started.current) return;
    started.current = true;
    const plan = ssoCallFor(flow, params, { origin: window.location.origin, pathname: window.location.pathname });
    if (!plan) {
      setError(t('sso.page.missingParams'));
      return;
    }
    runSsoCall(api, plan)
      .then((res) => afterSignIn(res, safeRedirect(params.get('redirect'))))
      .catch((err: unknown) => {
        const code = err instanceof ApiError ? err.error : '';
        setError(code in SSO_ERRORS ? t(SSO_ERRORS[code as keyof typeof SSO_ERRORS]) : err instanceof ApiError ? err.message : t('error.fallback'));
      });
  }, [flow, params, api, afterSignIn, t]);

  if (error) {
    return (
      <Result
        status="warning"
        title={t('sso.page.failedTitle')}
        subTitle={<span data-testid="sso-error">{error}</span>}
        extra={
          <Space>
            <Button onClick={() => window.history.back()}>{t('sso.page.back')}</Button>
            <Button type="primary" onClick={() => navigate(LOGIN_PATH, { replace: true })}>
              {t('sso.page.toLogin')}
            </Button>
          </Space>
        }
      />
    );
  }
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip={t('sso.page.signingIn')}>
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </div>
  );
}
