import { Alert, App, Button, Form, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SmsCodeFields } from '../../components/SmsCodeFields';
import { useSubmit } from '../../components/use-submit';

/** One-page recovery: phone, SMS code and the new password together (`api/users/forgotPass`). */
export default function RecoverPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { auth } = useApp();
  const [form] = Form.useForm();
  const { busy, error, run } = useSubmit();
  const submit = (v: { phone: string; code: string; newPass: string }) =>
    run(async () => {
      await auth.forgotPass({ phone: v.phone, code: v.code, newPass: v.newPass });
      void message.success(t('recover.done'));
      navigate('/user/login', { replace: true });
    });
  return (
    <Form form={form} onFinish={(v) => void submit(v)} requiredMark={false}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {t('recover.title')}
      </Typography.Title>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <SmsCodeFields form={form} purpose="reset" />
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('recover.submit')}
      </Button>
      <div style={{ textAlign: 'right', margin: '12px 0' }}>
        <Link to="/user/login">{t('register.haveAccount')}</Link>
      </div>
    </Form>
  );
}
