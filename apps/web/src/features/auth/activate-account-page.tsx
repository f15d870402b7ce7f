import { DEFAULT_COUNTRY } from '@dpp/shared/constants';
import { AUTH_MESSAGES } from '@dpp/shared/messages';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { type IdentityUser, NAME_PATTERN } from '@dpp/shared/schemas/identity';
import { Button, Form, type FormRule, Input, Select } from 'antd';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { identityException } from '../../shared/api/client';
import { addActivatedContact } from '../../shared/api/crm.api';
import {
  changePassword,
  getClientRecord,
  getCurrentUser,
  updateAttributes,
  updateClientRecord,
} from '../../shared/api/identity.api';
import { currentPasswordRules, passwordChangeFailure } from '../../shared/auth-form-rules';
import { countryNameFilter, useCountries } from '../../shared/countries';
import { NewPasswordFields } from '../../shared/new-password-fields';
import { notify } from '../../shared/notify';
import { setClientRecord, setIdentity, useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ACTIVATION_SUCCESS_PATH, takeDestination } from './after-login';
import { AuthCard } from './auth-card';
import { forgetLoginPassword, readLoginPassword } from './sign-in';

const NAME_MAX_LENGTH = 60;
const TEXT_MAX_LENGTH = 200;

const nameRules = (requiredMessage: string): FormRule[] => [
  { required: true, whitespace: true, message: requiredMessage },
  { pattern: NAME_PATTERN, message: AUTH_MESSAGES.NO_SPECIAL_CHARACTERS },
];

/** The number in international form (+14155550123), read in the chosen country; undefined when it is not a valid one. */
function internationalPhone(value: string, countryCode: string | undefined): string | undefined {
  const parsed = parsePhoneNumberFromString(value, (countryCode as CountryCode | undefined) ?? undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

const phoneRules = (countryCode: string | undefined): FormRule[] => [
  {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' || internationalPhone(text, countryCode)
        ? Promise.resolve()
        : Promise.reject(new Error(AUTH_MESSAGES.PHONE_INVALID));
    },
  },
];

interface PasswordValues {
  current?: string;
  password: string;
  repeat: string;
}

/** Lifetime-deal users logged in with their code: they choose a real password first. */
function SetPasswordStep({ onDone }: { onDone: () => void }) {
  const [loginPassword, setLoginPassword] = useState(readLoginPassword);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ current, password }: PasswordValues) => {
    const currentPassword = loginPassword ?? current ?? '';
    setSubmitting(true);
    try {
      await changePassword({ current_password: currentPassword, new_password: password });
      forgetLoginPassword();
      void notify('success', AUTH_MESSAGES.PASSWORD_SET);
      onDone();
      // The server no longer marks the account as logged in with its code: the kept identity must say so too,
      // or a reload would show this step again, asking for a code that no longer works.
      const identity = await getCurrentUser().catch(() => null);
      if (identity) setIdentity(identity);
    } catch (error) {
      const exception = identityException(error);
      void notify('error', passwordChangeFailure(error));
      // The remembered code no longer works (changed elsewhere?): let the user type the current password.
      if (exception === 'NotAuthorizedException') {
        forgetLoginPassword();
        setLoginPassword(null);
      }
      setSubmitting(false);
    }
  };

  return (
    <Form name="set-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <h2>Set a password</h2>
      {loginPassword === null && (
        <Form.Item
          label="Current Password"
          name="current"
          rules={currentPasswordRules}
          extra="The code you logged in with."
        >
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
      )}
      <NewPasswordFields size="large" />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Set Password
      </Button>
    </Form>
  );
}

interface ContactValues {
  given_name: string;
  family_name: string;
  company?: string;
  country?: string;
  phone?: string;
}

/** The stored number carries the country's dialling code unless the user typed an international one. */
function fullPhoneNumber(phone: string, countryCode: string | undefined): string {
  return phone === '' ? '' : (internationalPhone(phone, countryCode) ?? phone);
}

/** Reloads the client record, tying it to the identity username when it is not yet. */
async function reloadClientRecord(identity: IdentityUser, current: ClientRecord | null): Promise<ClientRecord | null> {
  let record = await getClientRecord(identity.attributes.email).catch(() => current);
  if (record && record.username !== identity.username) {
    const { id } = record;
    record = await updateClientRecord({ id, username: identity.username }).catch(() => record);
  }
  return record;
}

function ContactInfoStep() {
  const navigate = useNavigate();
  const { identity, client } = useSession();
  const [form] = Form.useForm<ContactValues>();
  const [submitting, setSubmitting] = useState(false);
  const countries = useCountries();
  const country = Form.useWatch('country', form) ?? DEFAULT_COUNTRY;
  const selected = countries.data?.find((c) => c.name === country);
  const countryCode = selected?.code;
  const attributes = identity?.attributes;

  const onFinish = async (values: ContactValues) => {
    setSubmitting(true);
    try {
      const updated = await updateAttributes({
        given_name: values.given_name.trim(),
        family_name: values.family_name.trim(),
        'custom:country_name': values.country ?? '',
        'custom:company_name': values.company?.trim() ?? '',
        'custom:phone_number': fullPhoneNumber(values.phone?.trim() ?? '', countryCode),
      });
      const record = await reloadClientRecord(updated, client);
      if (record) {
        setClientRecord(record);
        void addActivatedContact(record, {
          given: updated.attributes.given_name,
          family: updated.attributes.family_name,
        });
      }
      // Now activated: the page's guard lets it finish (it only turns away users activated on arrival).
      setIdentity(updated);
      const { to, state } = takeDestination(record, ACTIVATION_SUCCESS_PATH);
      void navigate(to, { state, replace: true });
    } catch {
      void notify('error', AUTH_MESSAGES.UNKNOWN_ERROR);
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      name="activate-account"
      layout="vertical"
      requiredMark="optional"
      onFinish={onFinish}
      initialValues={{
        given_name: attributes?.given_name || client?.first_name_appsumo || '',
        family_name: attributes?.family_name || client?.last_name_appsumo || '',
        company: attributes?.['custom:company_name'] ?? '',
        country: attributes?.['custom:country_name'] || DEFAULT_COUNTRY,
        phone: '',
      }}
    >
      <h2>Contact Information</h2>
      <Form.Item label="First Name" name="given_name" rules={nameRules(AUTH_MESSAGES.FIRST_NAME_REQUIRED)}>
        <Input size="large" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label="Last Name" name="family_name" rules={nameRules(AUTH_MESSAGES.LAST_NAME_REQUIRED)}>
        <Input size="large" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label="Company Name" name="company">
        <Input size="large" autoComplete="organization" maxLength={TEXT_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label="Country" name="country">
        <Select
          size="large"
          showSearch={{ filterOption: countryNameFilter }}
          loading={countries.isLoading}
          options={(countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
        />
      </Form.Item>
      <Form.Item label="Phone Number" name="phone" rules={phoneRules(countryCode)} validateTrigger="onBlur">
        <Input size="large" type="tel" autoComplete="tel-national" prefix={selected?.dial_code} maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Save
      </Button>
    </Form>
  );
}

/** /activate-account: a signed-in user without names gives them (lifetime-deal users set a password first). */
export function ActivateAccountPage() {
  const { identity } = useSession();
  const needsPassword = identity?.attributes['custom:appsumo_login'] === 'true';
  const [passwordSet, setPasswordSet] = useState(false);
  useDocumentTitle('Activate your Account');

  return (
    <AuthCard
      title="Activate your Account"
      lead="Tell us a little about yourself to finish setting up your account."
      wide
    >
      {needsPassword && !passwordSet ? <SetPasswordStep onDone={() => setPasswordSet(true)} /> : <ContactInfoStep />}
    </AuthCard>
  );
}
