import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SmsCodeFields } from '../../components/SmsCodeFields';
import { useSubmit } from '../../components/use-submit';

/** A teacher registers with the school's invitation code and a verified phone. */
export default function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const { auth } = useApp();
  const [form] = Form.useForm();
  const { busy, error, run } = useSubmit();

  const submit = (v: { username: string; realname: string; phone: string; code: string; password: string; schoolCode: string }) =>
    run(async () => {
      const res = await auth.register({ username: v.username, realname: v.realname, phone: v.phone, code: v.code, password: v.password, schoolCode: v.schoolCode });
      navigate(`/user/register-result?username=${encodeURIComponent(res.username)}`, { replace: true });
    });

  return (
    <Form form={form} onFinish={(v) => void submit(v)} requiredMark={false}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {t('register.title')}
      </Typography.Title>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="schoolCode" rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
        <Input size="large" placeholder={t('register.schoolCode')} />
      </Form.Item>
      <Form.Item name="username" rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{3,31}$/, message: t('login.usernameRequired') }]}>
        <Input size="large" placeholder={t('login.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="realname" rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
        <Input size="large" placeholder={t('register.realname')} autoComplete="name" />
      </Form.Item>
      <NewPasswordFields name="password" />
      <SmsCodeFields form={form} purpose="register" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('register.submit')}
      </Button>
      <div style={{ textAlign: 'right', margin: '12px 0' }}>
        <Link to="/user/login">{t('register.haveAccount')}</Link>
      </div>
    </Form>
  );
}
