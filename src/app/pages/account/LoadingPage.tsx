import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { landingPath } from '../../../core/session/landing';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { safeRedirect } from '../../components/use-after-sign-in';

/** `/loading?token=`: a partner hands over a zhipi token; we store it, load the session and land. */
export default function LoadingPage() {
  const t = useT();
  const navigate = useNavigate();
  const { session } = useApp();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    if (session.token.peek() !== token) session.signIn(token);
    session
      .load()
      .then(() => {
        const u = session.user.peek()!;
        navigate(safeRedirect(params.get('redirect')) ?? landingPath({ limitStatus: u.limit.status, category: u.category, roleId: u.roleId }), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, session, navigate, params]);

  if (!token || failed) {
    return (
      <Result
        status="warning"
        title={t('loading.noToken')}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{t('register.toLogin')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip={t('loading.text')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
