import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { ApiError } from '../../core/api/client';
import { LOGIN_PATH } from '../../core/routes/route-table';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { BASE_PATH } from '../boot/app-services';
import { validFields } from '../../views/common/valid-fields';

interface Values {
  oldPass: string;
  newPass: string;
  confirm: string;
}

/** Change password with every product-rules.md#validation message; success asks for a new sign-in and reloads. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { auth, session } = useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await validFields(form);
    if (!values) return;
    setSaving(true);
    try {
      await auth.changePassword(values.oldPass, values.newPass);
      void message.success(t('password.changed'));
      // Let the user read the message, then sign out locally and reload on the login page.
      setTimeout(() => {
        session.clear();
        window.location.assign(BASE_PATH + LOGIN_PATH);
      }, 1200);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : t('error.fallback');
      const field = err instanceof ApiError && (err.error === 'OLD_PASSWORD_EMPTY' || err.error === 'OLD_PASSWORD_WRONG') ? 'oldPass' : 'newPass';
      form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('header.changePassword')}
      open={open}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="change-password-form">
        <Form.Item
          name="oldPass"
          label={t('changePassword.old')}
          rules={[
            { required: true, message: t('password.oldWrong') },
            { whitespace: true, message: t('password.oldEmpty') },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPass"
          label={t('changePassword.new')}
          dependencies={['oldPass']}
          rules={[
            { required: true, message: t('password.newEmpty') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                value && value === getFieldValue('oldPass') ? Promise.reject(new Error(t('password.sameAsOld'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('changePassword.confirm')}
          dependencies={['newPass']}
          rules={[
            { required: true, message: t('password.newEmpty') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                value && value !== getFieldValue('newPass') ? Promise.reject(new Error(t('password.confirmMismatch'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
