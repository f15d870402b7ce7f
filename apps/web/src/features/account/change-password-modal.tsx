import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { isValidPassword } from '@dpp/shared/schemas/identity';
import { Form, type FormRule, Input, Modal } from 'antd';
import { useState } from 'react';
import { identityException } from '../../shared/api-client';
import { changePassword } from '../../shared/identity-api';
import { notify } from '../../shared/notify';
import { clearErrorsOnChange } from './clear-errors';

interface ChangePasswordValues {
  current: string;
  password: string;
  repeat: string;
}

const currentRules: FormRule[] = [{ required: true, message: AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED }];
const newRules: FormRule[] = [
  { required: true, message: AUTH_MESSAGES.NEW_PASSWORD_REQUIRED },
  {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value === '' || isValidPassword(value)
        ? Promise.resolve()
        : Promise.reject(new Error(AUTH_MESSAGES.PASSWORD_RULE)),
  },
];
const repeatRules: FormRule[] = [
  { required: true, message: AUTH_MESSAGES.REPEAT_PASSWORD_REQUIRED },
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || value === getFieldValue('password')
        ? Promise.resolve()
        : Promise.reject(new Error(AUTH_MESSAGES.PASSWORDS_DIFFER)),
  }),
];

function changeFailure(error: unknown): string {
  switch (identityException(error)) {
    case 'NotAuthorizedException':
      return AUTH_MESSAGES.CREDENTIALS_MISMATCH;
    case 'InvalidPasswordException':
      return AUTH_MESSAGES.PASSWORD_RULE;
    case 'LimitExceededException':
      return AUTH_MESSAGES.LOCKED_OUT;
    default:
      return AUTH_MESSAGES.UNKNOWN_ERROR;
  }
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
      void notify('error', changeFailure(error));
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
        <Form.Item label="Current Password" name="current" rules={currentRules}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="password" rules={newRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Repeat Password" name="repeat" rules={repeatRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
