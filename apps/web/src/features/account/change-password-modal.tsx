import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { changePassword } from '../../shared/api/identity.api';
import { currentPasswordRules, passwordChangeFailure } from '../../shared/auth-form-rules';
import { NewPasswordFields } from '../../shared/new-password-fields';
import { notify } from '../../shared/notify';
import { clearErrorsOnChange } from './clear-errors';

interface ChangePasswordValues {
  current: string;
  password: string;
  repeat: string;
}

/** Current, new and repeated password; Save only once all three are filled. Loaded when first opened. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Partial<ChangePasswordValues> | undefined;
  const filled = Boolean(values?.current && values.password && values.repeat);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const onFinish = async ({ current, password }: ChangePasswordValues) => {
    setSaving(true);
    try {
      await changePassword({ current_password: current, new_password: password });
      void notify('success', AUTH_MESSAGES.PASSWORD_CHANGED_TITLE, AUTH_MESSAGES.PASSWORD_CHANGED_TEXT);
      close();
    } catch (error) {
      void notify('error', passwordChangeFailure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Change Password"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="Save"
      okButtonProps={{ disabled: !filled, loading: saving }}
      forceRender
    >
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        validateTrigger={false}
        onValuesChange={clearErrorsOnChange(form)}
        onFinish={onFinish}
      >
        <Form.Item label="Current Password" name="current" rules={currentPasswordRules}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
      </Form>
    </Modal>
  );
}
