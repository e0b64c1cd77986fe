import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Space} from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../core/api/client';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { SmsCodeFields } from '../../components/SmsCodeFields';
import { safeRedirect, useAfterSignIn } from '../../components/use-after-sign-in';
import { AccessibleTabs } from '../../../views/common/AccessibleTabs';

interface PasswordValues {
  username: string;
  password: string;
  captchaCode?: string;
}

/** Sign-in by username/password (captcha after repeated failures) or by phone and SMS code. */
export default function LoginPage() {
  const t = useT();
  const { auth } = useApp();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const afterSignIn = useAfterSignIn();
  const [tab, setTab] = useState('account');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [mobileForm] = Form.useForm();

  const loadCaptcha = () => void auth.loginCaptcha().then(setCaptcha);
  useEffect(() => setError(null), [tab]);

  const signInWithPassword = async (values: PasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      const res = await auth.loginTeacher({ username: values.username, password: values.password, captchaId: captcha?.uuid, captchaCode: values.captchaCode });
      afterSignIn(res, redirect);
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        const needsCaptcha = (err.details as { captchaRequired?: boolean } | undefined)?.captchaRequired || err.error.startsWith('CAPTCHA');
        if (needsCaptcha || captcha) loadCaptcha();
        passwordForm.setFieldValue('captchaCode', '');
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
                {captcha && (
                  <Form.Item>
                    <Space.Compact style={{ width: '100%' }}>
                      <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                        <Input placeholder={t('login.captcha')} maxLength={8} data-testid="login-captcha-input" />
                      </Form.Item>
                      <Button onClick={loadCaptcha} title={t('login.captchaRefresh')} style={{ padding: 0, width: 124 }}>
                        <img src={captcha.img} alt={t('login.captcha')} width={120} height={38} data-testid="login-captcha" />
                      </Button>
                    </Space.Compact>
                  </Form.Item>
                )}
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
