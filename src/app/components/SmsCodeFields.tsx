import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { ApiError } from '../../core/api/client';
import { solvePowChallenge } from '../../core/security/solve-challenge';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';

const PHONE = /^1\d{10}$/;

/**
 * Phone and SMS code fields. Before a code is sent the browser solves the server's proof-of-work
 * challenge (a second or two, nothing to type) and has it checked (auth/verify); the send button
 * counts down the server's resend delay.
 */
export function SmsCodeFields({ form, purpose }: { form: FormInstance; purpose: 'login' | 'register' | 'reset' }) {
  const t = useT();
  const { auth } = useApp();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = async () => {
    const { phone } = await form.validateFields(['phone']);
    setSending(true);
    try {
      const challenge = await auth.imageVerificationCode();
      await auth.verifyCaptcha({ uuid: challenge.uuid, code: await solvePowChallenge(challenge.challenge) });
      const sent =
        purpose === 'reset'
          ? await auth.resetCode({ phone, uuid: challenge.uuid })
          : await auth.smsCode({ phone, uuid: challenge.uuid, purpose });
      setCountdown(sent.resendAfterSeconds);
      form.setFields([{ name: 'code', errors: [] }]);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : t('error.fallback');
      form.setFields([{ name: 'phone', errors: [text] }]);
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
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.smsCodeRequired') }]}>
            <Input size="large" placeholder={t('login.smsCode')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button size="large" onClick={() => void send()} disabled={countdown > 0} loading={sending} style={{ width: 124 }} data-testid="sms-send">
            {countdown > 0 ? t('login.resendIn', { seconds: countdown }) : t('login.getSmsCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
