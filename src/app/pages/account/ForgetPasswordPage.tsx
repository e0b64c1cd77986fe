import { Alert, Button, Form } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { CenteredCard } from '../../components/CenteredCard';
import { SmsCodeFields } from '../../components/SmsCodeFields';
import { useSubmit } from '../../components/use-submit';

/** Forgot password, step 1: prove the phone with an SMS code, then set the new password. */
export default function ForgetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { auth } = useApp();
  const [form] = Form.useForm();
  const { busy, error, run } = useSubmit();
  const submit = (v: { phone: string; code: string }) =>
    run(async () => {
      const res = await auth.forgetPassword({ phone: v.phone, code: v.code });
      // The reset token travels in history state, never in the URL.
      navigate('/forgetNewPassword', { state: res });
    });
  return (
    <CenteredCard title={t('forget.title')}>
      <Form form={form} onFinish={(v) => void submit(v)} requiredMark={false}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <SmsCodeFields form={form} purpose="reset" />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('forget.next')}
        </Button>
        <div style={{ textAlign: 'right', marginTop: 12 }}>
          <Link to="/user/login">{t('register.haveAccount')}</Link>
        </div>
      </Form>
    </CenteredCard>
  );
}
