import { ACCOUNT_MESSAGES } from '@dpp/shared/messages';
import type { IdentityUser } from '@dpp/shared/schemas/identity';
import { Button, Form, Input } from 'antd';
import { EditableSection } from './editable-section';
import { useSaveAttributes } from './use-save-attributes';

const ADDRESS_MAX_LENGTH = 500;

function DeliveryInfoForm({ address, onDone }: { address: string; onDone: () => void }) {
  const { saving, save } = useSaveAttributes();
  const onFinish = async (values: { address?: string }) => {
    if (await save({ address: values.address?.trim() ?? '' })) onDone();
  };
  return (
    <Form name="delivery-information" layout="vertical" onFinish={onFinish} initialValues={{ address }}>
      <Form.Item label="Address" name="address">
        <Input.TextArea autoComplete="street-address" rows={3} maxLength={ADDRESS_MAX_LENGTH} />
      </Form.Item>
      <div className="account-form__actions">
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save edits
        </Button>
      </div>
    </Form>
  );
}

/** The delivery address, free text. */
export function DeliveryInfoSection({ identity }: { identity: IdentityUser }) {
  const address = identity.attributes.address;
  return (
    <EditableSection
      id="delivery-information"
      title="Delivery Information"
      form={(close) => <DeliveryInfoForm address={address} onDone={close} />}
    >
      <p className="account-address">{address.trim() ? address : ACCOUNT_MESSAGES.NO_ADDRESS}</p>
    </EditableSection>
  );
}
