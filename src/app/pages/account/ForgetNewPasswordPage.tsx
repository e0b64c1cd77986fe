import { Alert, App, Button, Form, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { CenteredCard } from '../../components/CenteredCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useSubmit } from '../../components/use-submit';

/** Forgot password, step 2: the reset token from step 1 sets the new password. */
export default function ForgetNewPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { auth } = useApp();
  const state = useLocation().state as { resetToken?: string; username?: string } | null;
  const { busy, error, run } = useSubmit();
  if (!state?.resetToken) return <Navigate to="/forgetPassword" replace />;
  const submit = (v: { newPass: string }) =>
    run(async () => {
      await auth.updatePass({ resetToken: state.resetToken!, newPass: v.newPass });
      void message.success(t('recover.done'));
      navigate('/user/login', { replace: true });
    });
  return (
    <CenteredCard title={t('forget.newTitle')}>
      <Typography.Paragraph>
        {t('login.username')}: <strong>{state.username}</strong>
      </Typography.Paragraph>
      <Form onFinish={(v) => void submit(v)} requiredMark={false}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('recover.submit')}
        </Button>
      </Form>
    </CenteredCard>
  );
}
