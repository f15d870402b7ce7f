import { Form, Input } from 'antd';
import { newPasswordRules, repeatPasswordRules } from './auth-form-rules';

/**
 * 'New Password' and 'Repeat Password' with the rules of docs/product-rules.md, Passwords; the form fields are
 * `password` and `repeat`.
 */
export function NewPasswordFields({ size }: { size?: 'large' }) {
  return (
    <>
      <Form.Item label="New Password" name="password" rules={newPasswordRules}>
        <Input.Password size={size} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat Password"
        name="repeat"
        dependencies={['password']}
        rules={repeatPasswordRules('password')}
      >
        <Input.Password size={size} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
