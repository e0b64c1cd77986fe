import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import { useSignalValue } from '../../../views/hooks/use-signal-value';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { CenteredCard } from '../../components/CenteredCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useSubmit } from '../../components/use-submit';

/** First sign-in: the initial password must be replaced before the user goes on. */
export default function InitialUserPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { auth, session } = useApp();
  const token = useSignalValue(session.token);
  const { busy, error, run } = useSubmit();
  if (!token) return <Navigate to={LOGIN_PATH} replace />;

  const submit = (v: { oldPass: string; newPass: string }) =>
    run(async () => {
      await auth.changePassword(v.oldPass, v.newPass);
      void message.success(t('password.changed'));
      await session.logout({ callServer: false });
      navigate(LOGIN_PATH, { replace: true });
    });

  return (
    <CenteredCard title={t('initialUser.title')}>
      <Typography.Paragraph type="secondary">{t('initialUser.desc')}</Typography.Paragraph>
      <Form onFinish={(v) => void submit(v)} requiredMark={false}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="oldPass" rules={[{ required: true, message: t('password.oldWrong') }, { whitespace: true, message: t('password.oldEmpty') }]}>
          <Input.Password size="large" placeholder={t('changePassword.old')} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('common.submit')}
        </Button>
      </Form>
    </CenteredCard>
  );
}
