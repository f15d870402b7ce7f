import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../messages';
import {
  ERASED_MEMBER_DOMAIN,
  emailProblem,
  isReservedEmail,
  isValidPassword,
  newAccountEmailProblem,
} from '../rules/credentials';
import { isReturnPath } from '../rules/return-path';

/** Names of identity failures, as the hosted user-pool service names them. */
export const IDENTITY_EXCEPTIONS = [
  'UsernameExistsException',
  'InvalidParameterException',
  'InvalidPasswordException',
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'UserNotFoundException',
  'ExpiredCodeException',
  'CodeMismatchException',
  'LimitExceededException',
  /** An administrator turned the account's sign-in off (the user pool says 'User is disabled.'). */
  'UserDisabledException',
] as const;
export type IdentityException = (typeof IDENTITY_EXCEPTIONS)[number];

export { ERASED_MEMBER_DOMAIN, emailProblem, isReservedEmail, isValidPassword, newAccountEmailProblem };

/**
 * First and last names: letters of any script (with their accents and combining marks), digits and spaces,
 * the activation rule ('No special characters allowed'). The server holds every name to it.
 */
export const NAME_PATTERN = /^[\p{L}\p{M}\p{N} ]+$/u;

/** True when a name is given and follows the activation rule. */
export function isValidName(name: string): boolean {
  return NAME_PATTERN.test(name.trim());
}

const emailSchema = (problemOf: (value: string) => string | undefined) =>
  z
    .string()
    .max(254)
    .transform((v) => v.trim().toLowerCase())
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const EmailSchema = emailSchema(emailProblem);
/** The address of an account to be made: never one of deleted members' placeholders. */
export const NewAccountEmailSchema = emailSchema(newAccountEmailProblem);

/*
 * Identity requests take plain strings: the service checks the rules itself, so that a weak password
 * or a malformed address comes back as InvalidPasswordException / InvalidParameterException, the
 * names the web app turns into the product's messages (docs/product-rules.md, Texts).
 */
const EmailField = z.string().max(254);
const PasswordField = z.string().max(256);
const UsernameField = z.string().max(64);
const CodeField = z.string().max(128);

export const SignUpRequestSchema = z
  .object({
    email: EmailField,
    password: PasswordField,
    /**
     * A page of this site to come back to once verified (the team invitation that sent the new member here): the
     * verification link carries it, so it works in whichever browser the link is opened.
     */
    return_to: z.string().refine(isReturnPath, 'must be a page of this site').optional(),
  })
  .strict();
export const ConfirmSignUpRequestSchema = z
  .object({
    username: UsernameField,
    code: CodeField,
    /** The secret the sign-up answer gave the browser that chose the password (ADR 0025). */
    sign_up_proof: CodeField.optional(),
  })
  .strict();
export const ResendCodeRequestSchema = z.object({ username: UsernameField }).strict();
export const SignInRequestSchema = z.object({ email: EmailField, password: PasswordField }).strict();
export const ForgotPasswordRequestSchema = z.object({ email: EmailField }).strict();
export const ConfirmForgotPasswordRequestSchema = z
  .object({ username: UsernameField, code: CodeField, password: PasswordField })
  .strict();
export const ChangePasswordRequestSchema = z
  .object({ current_password: PasswordField, new_password: PasswordField })
  .strict();

const NAME_MAX = 60;
const TEXT_MAX = 200;

/**
 * A name in the activation rule's terms: one message when missing, another when it has special characters
 * (docs/product-rules.md, Accounts).
 */
const nameField = (missing: string) =>
  z
    .string()
    .trim()
    .max(NAME_MAX)
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: missing });
      else if (!isValidName(value)) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.NO_SPECIAL_CHARACTERS });
    });

/** Attributes a user may change on their own account. */
export const UpdateAttributesRequestSchema = z
  .object({
    given_name: nameField(AUTH_MESSAGES.FIRST_NAME_REQUIRED).optional(),
    family_name: nameField(AUTH_MESSAGES.LAST_NAME_REQUIRED).optional(),
    'custom:country_name': z.string().trim().max(TEXT_MAX).optional(),
    'custom:company_name': z.string().trim().max(TEXT_MAX).optional(),
    /** International form (+14155550123), or '' to clear it. */
    'custom:phone_number': z
      .string()
      .trim()
      .max(32)
      .refine((v) => v === '' || isValidPhoneNumber(v), AUTH_MESSAGES.PHONE_INVALID)
      .optional(),
    address: z.string().trim().max(500).optional(),
  })
  .strict();
export type UpdateAttributesRequest = z.infer<typeof UpdateAttributesRequestSchema>;

export const IdentityAttributesSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  given_name: z.string(),
  family_name: z.string(),
  address: z.string(),
  'custom:country_name': z.string(),
  'custom:company_name': z.string(),
  'custom:phone_number': z.string(),
  /** 'true' until the account is activated (names given). */
  'custom:first_login': z.enum(['true', 'false']),
  'custom:appsumo_login': z.enum(['true', 'false']),
  /** The client record's id. */
  'custom:database_id': z.string(),
});
export type IdentityAttributes = z.infer<typeof IdentityAttributesSchema>;

export const IdentityUserSchema = z.object({ username: z.string(), attributes: IdentityAttributesSchema });
export type IdentityUser = z.infer<typeof IdentityUserSchema>;

export const SignUpResponseSchema = z.object({
  username: z.string(),
  user_confirmed: z.boolean(),
  /** Where the verification code went, masked (a***@e***.com). */
  destination: z.string(),
  /** Kept by this browser and sent with the verification link: only then does the password survive it. */
  sign_up_proof: z.string(),
});
/**
 * A verified address. Without the sign-up's proof the password was not shown to be the address owner's: it
 * is dropped, and `reset_code` lets the owner choose one at once (/reset-password/{reset_code}/{username}).
 */
export const ConfirmSignUpResponseSchema = z.object({
  ok: z.literal(true),
  password_kept: z.boolean(),
  reset_code: z.string().optional(),
});
export const SessionResponseSchema = z.object({
  access_token: z.string(),
  /** Unix seconds; renewed by activity. */
  expires_at: z.number().int(),
  user: IdentityUserSchema,
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export const OkResponseSchema = z.object({ ok: z.literal(true) });
