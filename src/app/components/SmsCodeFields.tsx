import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { ApiError } from '../../core/api/client';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';

const PHONE = /^1\d{10}$/;

/**
 * Phone, image captcha and SMS code fields. The captcha must be solved (auth/verify) before a code
 * is sent, and the send button counts down the server's resend delay.
 */
export function SmsCodeFields({ form, purpose }: { form: FormInstance; purpose: 'login' | 'register' | 'reset' }) {
  const t = useT();
  const { auth } = useApp();
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);

  const refresh = useCallback(() => {
    void auth.imageVerificationCode().then((c) => setCaptcha(c));
    form.setFieldValue('captchaCode', '');
  }, [auth, form]);
  useEffect(refresh, [refresh]);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = async () => {
    const { phone, captchaCode } = await form.validateFields(['phone', 'captchaCode']);
    if (!captcha) return;
    setSending(true);
    try {
      await auth.verifyCaptcha({ uuid: captcha.uuid, code: captchaCode });
      const sent =
        purpose === 'reset'
          ? await auth.resetCode({ phone, uuid: captcha.uuid })
          : await auth.smsCode({ phone, uuid: captcha.uuid, purpose });
      setCountdown(sent.resendAfterSeconds);
      form.setFields([{ name: 'code', errors: [] }]);
      refresh();
    } catch (err) {
      const text = err instanceof ApiError ? err.message : t('error.fallback');
      const field = err instanceof ApiError && err.error.startsWith('CAPTCHA') ? 'captchaCode' : 'phone';
      form.setFields([{ name: field, errors: [text] }]);
      refresh();
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item name="phone" rules={[{ required: true, pattern: PHONE, message: t('auth.phoneInvalid') }]}>
        <Input size="large" placeholder={t('login.phone')} inputMode="numeric" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
            <Input size="large" placeholder={t('login.captcha')} maxLength={8} />
          </Form.Item>
          <Button size="large" onClick={refresh} title={t('login.captchaRefresh')} style={{ padding: 0, width: 124 }} data-testid="sms-captcha">
            {captcha && <img src={captcha.img} alt={t('login.captcha')} width={120} height={38} />}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.smsCodeRequired') }]}>
            <Input size="large" placeholder={t('login.smsCode')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button size="large" onClick={() => void send()} disabled={countdown > 0} loading={sending} style={{ width: 124 }}>
            {countdown > 0 ? t('login.resendIn', { seconds: countdown }) : t('login.getSmsCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
