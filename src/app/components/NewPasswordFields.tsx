import { Form, Input } from 'antd';
import { useT } from '../../views/i18n/i18n-context';

/** New password and its confirmation, with the product's strength rule checked before sending. */
export function NewPasswordFields({ name = 'newPass' }: { name?: string }) {
  const t = useT();
  return (
    <>
      <Form.Item
        name={name}
        rules={[
          { required: true, message: t('password.newEmpty') },
          { pattern: /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/, message: t('auth.passwordWeak') },
        ]}
      >
        <Input.Password size="large" placeholder={t('recover.newPassword')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={[name]}
        rules={[
          { required: true, message: t('password.newEmpty') },
          ({ getFieldValue }) => ({
            validator: (_, v: string) => (v && v !== getFieldValue(name) ? Promise.reject(new Error(t('password.confirmMismatch'))) : Promise.resolve()),
          }),
        ]}
      >
        <Input.Password size="large" placeholder={t('register.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
