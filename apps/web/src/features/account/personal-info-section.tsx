import { ACCOUNT_MESSAGES } from '@dpp/shared/messages';
import { type IdentityUser, isValidName } from '@dpp/shared/schemas/identity';
import { Button, Form, type FormRule, Input, Select } from 'antd';
import { countryNameFilter, useCountries } from '../../shared/countries';
import { notify } from '../../shared/notify';
import { clearErrorsOnChange } from './clear-errors';
import { EditableSection } from './editable-section';
import { useSaveAttributes } from './use-save-attributes';

const NAME_MAX_LENGTH = 60;
const TEXT_MAX_LENGTH = 200;
/**
 * The characters refused in names (docs/product-rules.md, Accounts):
 * ! @ # $ % ^ & * ( ) _ + - = [ ] { } ; ' : " \ | , . < > / ?
 */
const SPECIAL_CHARACTERS = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

const nameRules: FormRule[] = [
  {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return Promise.reject(new Error(ACCOUNT_MESSAGES.NAMES_EMPTY));
      // The server takes letters, digits and spaces only: other symbols than this list are refused alike.
      if (SPECIAL_CHARACTERS.test(text) || !isValidName(text)) {
        return Promise.reject(new Error(ACCOUNT_MESSAGES.NAME_SPECIAL_CHARS));
      }
      return Promise.resolve();
    },
  },
];

interface PersonalValues {
  given_name: string;
  family_name: string;
  country?: string;
  company?: string;
}

const shown = (value: string | undefined) => (value?.trim() ? value : ACCOUNT_MESSAGES.NOT_SET);

function PersonalInfoForm({ identity, onDone }: { identity: IdentityUser; onDone: () => void }) {
  const [form] = Form.useForm<PersonalValues>();
  const { saving, save } = useSaveAttributes();
  const countries = useCountries();
  const { attributes } = identity;

  const onFinish = async (values: PersonalValues) => {
    const saved = await save({
      given_name: values.given_name.trim(),
      family_name: values.family_name.trim(),
      'custom:country_name': values.country ?? '',
      'custom:company_name': values.company?.trim() ?? '',
    });
    if (saved) onDone();
  };

  const onFinishFailed = ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
    const errors = errorFields.flatMap((field) => field.errors);
    if (errors.includes(ACCOUNT_MESSAGES.NAMES_EMPTY)) void notify('error', ACCOUNT_MESSAGES.NAMES_EMPTY);
    else if (errors.includes(ACCOUNT_MESSAGES.NAME_SPECIAL_CHARS)) {
      void notify('error', ACCOUNT_MESSAGES.NAMES_SPECIAL_CHARS);
    }
  };

  return (
    <Form
      form={form}
      name="personal-information"
      layout="vertical"
      requiredMark={false}
      validateTrigger={false}
      onValuesChange={clearErrorsOnChange(form)}
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      initialValues={{
        given_name: attributes.given_name,
        family_name: attributes.family_name,
        country: attributes['custom:country_name'] || undefined,
        company: attributes['custom:company_name'],
      }}
    >
      <div className="account-facts">
        <Form.Item label="First Name" name="given_name" rules={nameRules}>
          <Input autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="Last Name" name="family_name" rules={nameRules}>
          <Input autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="Country" name="country">
          <Select
            allowClear
            showSearch={{ filterOption: countryNameFilter }}
            loading={countries.isLoading}
            options={(countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="Company Name" name="company">
          <Input autoComplete="organization" maxLength={TEXT_MAX_LENGTH} />
        </Form.Item>
      </div>
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

/** First and last name, country and company: read view, or the edit form. */
export function PersonalInfoSection({ identity }: { identity: IdentityUser }) {
  const { attributes } = identity;
  return (
    <EditableSection
      id="personal-information"
      title="Personal Information"
      form={(close) => <PersonalInfoForm identity={identity} onDone={close} />}
    >
      <dl className="account-facts">
        <div>
          <dt>First Name</dt>
          <dd>{shown(attributes.given_name)}</dd>
        </div>
        <div>
          <dt>Last Name</dt>
          <dd>{shown(attributes.family_name)}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{shown(attributes['custom:country_name'])}</dd>
        </div>
        <div>
          <dt>Company Name</dt>
          <dd>{shown(attributes['custom:company_name'])}</dd>
        </div>
      </dl>
    </EditableSection>
  );
}
