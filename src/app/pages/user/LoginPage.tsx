import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../core/api/client';
import { solvePowChallenge } from '../../../core/security/solve-challenge';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { SmsCodeFields } from '../../components/SmsCodeFields';
import { safeRedirect, useAfterSignIn } from '../../components/use-after-sign-in';
import { AccessibleTabs } from '../../../views/common/AccessibleTabs';

interface PasswordValues {
  username: string;
  password: string;
}

/**
 * Sign-in by username/password or by phone and SMS code. After repeated failures the server asks for
 * a proof of work: the browser solves a fresh challenge with every later try (nothing to type).
 */
export default function LoginPage() {
  const t = useT();
  const { auth } = useApp();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const afterSignIn = useAfterSignIn();
  const [tab, setTab] = useState('account');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsChallenge, setNeedsChallenge] = useState(false);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [mobileForm] = Form.useForm();

  /** A freshly solved challenge when the server asked for one (each is good for one try). */
  const solvedChallenge = async () => {
    if (!needsChallenge) return {};
    const c = await auth.loginCaptcha();
    return { captchaId: c.uuid, captchaCode: await solvePowChallenge(c.challenge) };
  };
  useEffect(() => setError(null), [tab]);

  const signInWithPassword = async (values: PasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      const res = await auth.loginTeacher({ username: values.username, password: values.password, ...(await solvedChallenge()) });
      afterSignIn(res, redirect);
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        const needsCaptcha = (err.details as { captchaRequired?: boolean } | undefined)?.captchaRequired || err.error === 'CAPTCHA_REQUIRED' || err.error === 'CAPTCHA_WRONG';
        if (needsCaptcha) setNeedsChallenge(true);
      }
    } finally {
      setBusy(false);
    }
  };

  const signInWithSms = async (values: { phone: string; code: string }) => {
    setBusy(true);
    setError(null);
    try {
      afterSignIn(await auth.loginMobile({ phone: values.phone, code: values.code }), redirect);
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
      <Link to="/forgetPassword">{t('login.forgot')}</Link>
      <Link to="/user/register">{t('login.register')}</Link>
    </div>
  );

  return (
    <div data-testid="login-page">
      <AccessibleTabs
        activeKey={tab}
        onChange={setTab}
        centered
        items={[
          {
            key: 'account',
            label: t('login.tabAccount'),
            children: (
              <Form form={passwordForm} onFinish={(v) => void signInWithPassword(v)} size="large" requiredMark={false}>
                {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
                <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
                  <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
                </Form.Item>
                <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                  <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
                </Form.Item>
                {needsChallenge && <Alert type="info" showIcon message={t('login.challenge')} style={{ marginBottom: 16 }} data-testid="login-challenge" />}
                <Form.Item>
                  <Button type="primary" htmlType="submit" block loading={busy}>
                    {t('login.submit')}
                  </Button>
                </Form.Item>
                {footer}
              </Form>
            ),
          },
          {
            key: 'mobile',
            label: t('login.tabMobile'),
            children: (
              <Form form={mobileForm} onFinish={(v) => void signInWithSms(v)} requiredMark={false}>
                {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
                <SmsCodeFields form={mobileForm} purpose="login" />
                <Form.Item>
                  <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                    {t('login.submit')}
                  </Button>
                </Form.Item>
                {footer}
              </Form>
            ),
          },
        ]}
      />
    </div>
  );
}
