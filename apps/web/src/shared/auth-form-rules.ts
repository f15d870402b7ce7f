import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { emailProblem, isValidPassword, newAccountEmailProblem } from '@dpp/shared/rules/credentials';
import type { FormRule } from 'antd';
import { identityException, throttledText } from './api/client';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Checks only filled values: the required rule speaks for empty ones. */
const whenFilled =
  (problem: (value: string) => string | undefined) =>
  (_rule: unknown, value: unknown): Promise<void> => {
    const text = asText(value);
    const message = text === '' ? undefined : problem(text);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  };

export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: AUTH_MESSAGES.EMAIL_REQUIRED },
  { validator: whenFilled(emailProblem) },
];

/** The address of an account being made: never one of deleted members' placeholders (the server refuses it too). */
export const newAccountEmailRules: FormRule[] = [
  { required: true, whitespace: true, message: AUTH_MESSAGES.EMAIL_REQUIRED },
  { validator: whenFilled(newAccountEmailProblem) },
];

const passwordRule: FormRule = {
  validator: whenFilled((value) => (isValidPassword(value) ? undefined : AUTH_MESSAGES.PASSWORD_RULE)),
};

/** A password being created (sign-up). */
export const createPasswordRules: FormRule[] = [
  { required: true, message: AUTH_MESSAGES.PASSWORD_CREATE_REQUIRED },
  passwordRule,
];

/** A password being checked (login): any value goes to the server. */
export const loginPasswordRules: FormRule[] = [{ required: true, message: AUTH_MESSAGES.PASSWORD_REQUIRED }];

/** Spaces alone are no password (none has spaces): asked for like an empty field. */
export const currentPasswordRules: FormRule[] = [
  { required: true, whitespace: true, message: AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED },
];

export const newPasswordRules: FormRule[] = [
  { required: true, message: AUTH_MESSAGES.NEW_PASSWORD_REQUIRED },
  passwordRule,
];

/** The repeat of the password in `field`. */
export const repeatPasswordRules = (field: string): FormRule[] => [
  { required: true, message: AUTH_MESSAGES.REPEAT_PASSWORD_REQUIRED },
  ({ getFieldValue }) => ({
    validator: whenFilled((value) => (value === getFieldValue(field) ? undefined : AUTH_MESSAGES.PASSWORDS_DIFFER)),
  }),
];

/** The message for a failed password change or password set (docs/product-rules.md, Accounts). */
export function passwordChangeFailure(error: unknown): string {
  switch (identityException(error)) {
    case 'NotAuthorizedException':
      return AUTH_MESSAGES.CREDENTIALS_MISMATCH;
    case 'InvalidPasswordException':
      return AUTH_MESSAGES.PASSWORD_RULE;
    case 'LimitExceededException':
      return throttledText(error);
    default:
      return AUTH_MESSAGES.UNKNOWN_ERROR;
  }
}
