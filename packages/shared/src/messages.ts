/**
 * User-facing texts shared by the web forms and the API, worded as the product has them (docs/product-rules.md, Texts).
 */
export const MESSAGES = {
  NOT_FOUND_TITLE: 'Oops!',
  NOT_FOUND_TEXT: 'Unfortunately, we can not find this page.',
  NO_PERMISSION_TEXT: "Oops! Unfortunately, you don't have permission.",
  BACK_TO_MAIN_PAGE: 'Back to main page',
  GENERIC_ERROR_TITLE: 'Error',
  TRY_AGAIN: 'Please try again',
  TEMPLATE_NOT_FOUND: 'This project plan does not exist or is no longer available.',
  SERVER_ERROR: 'Something went wrong on our side. Please try again in a moment.',
  INVALID_REQUEST: 'Some of the information sent is not valid.',
  /** NUL or half of a surrogate pair: the database cannot store either as text. */
  UNSTORABLE_TEXT:
    'Some text contains a character that cannot be saved (an invisible control character or a broken symbol). Please remove it and try again.',
  NOTHING_TO_UPDATE: 'There is nothing to update: send at least one value to change.',
  /** A day that is not YYYY-MM-DD, or not a day of its month. */
  BAD_DAY: 'Give the date as YYYY-MM-DD, on a day that exists.',
  /** A day outside DAY_RANGE (rules/days.ts), wherever a day is taken. */
  DAY_OUT_OF_RANGE: 'Choose a date from 1 January 2000 to 31 December 2100.',
} as const;

/** Sign-up, login, verification, reset, activation and password texts (docs/product-rules.md, Accounts). */
export const AUTH_MESSAGES = {
  EMAIL_REQUIRED: 'Please enter your email address',
  EMAIL_INVALID: 'Please enter a valid email address',
  EMAIL_MISSING_AT: 'Please include "@" in the email address',
  EMAIL_MISSING_DOT: 'Please include "." following @ in the email address',
  EMAIL_MISSING_TLD: 'Please include "com" following "@" in the email address',
  PASSWORD_RULE:
    'The required length for a password is at least 8 characters long. It should have a number, special character(s), and at least one capital letter and small letter',
  PASSWORD_REQUIRED: 'Please enter your password',
  PASSWORD_CREATE_REQUIRED: 'Please create your password',
  NEW_PASSWORD_REQUIRED: 'Please enter your new password',
  CURRENT_PASSWORD_REQUIRED: 'Please enter your current password',
  REPEAT_PASSWORD_REQUIRED: 'Please repeat password',
  PASSWORDS_DIFFER: 'Your password & confirm password does not match, please try again',
  TERMS_REQUIRED: 'Please agree with Terms of Services & Privacy Policy',
  ACCOUNT_EXISTS: 'An account already exists with this email address',
  /** The domain of deleted members' placeholder addresses (rules/credentials.ts): never an account's. */
  EMAIL_RESERVED: 'This email address cannot be used for an account, please use another one',
  FIELDS_INCORRECT: 'One or more fields are not correct',
  SIGN_UP_SUCCESS_TITLE: 'Thanks for signing up!',
  SIGN_UP_SUCCESS_TEXT: 'Please check your email to verify your account',
  CREDENTIALS_MISMATCH: 'Your credentials does not match, please try again',
  VERIFY_TO_LOGIN: 'Please verify your email address to login',
  LOGIN_SUCCESS: 'You have logged in successfully',
  VERIFIED: 'Your account has been verified, please login to activate your account',
  VERIFY_LINK_EXPIRED: 'The link to verify email has expired, we have sent a new link to verify',
  LOCKED_OUT: 'Temporarily blocked because of multiple failed attempts, please try in an hour',
  /**
   * A shorter wait than the hour of docs/product-rules.md, Accounts (ADR 0025); {minutes} is '1 minute' or 'N minutes'.
   */
  THROTTLED: 'Temporarily blocked because of multiple failed attempts, please try again in {minutes}',
  /** An administrator turned sign-in off for this account (the members page of /admin_panel). */
  /** Only to the one who gave the account's right password (or code): a wrong one reads as any other. */
  SIGN_IN_DISABLED: 'Your account has been disabled, so you cannot log in. Please contact support to use it again.',
  ALREADY_CONFIRMED: 'User is already confirmed, please login to continue',
  /** The link verified an account whose password may not be its owner's (signed up in another browser). */
  VERIFIED_CHOOSE_PASSWORD:
    'Your email address has been verified. The account was signed up from another browser, so for your safety its password has been removed: please choose your password now',
  VERIFY_LINK_WRONG: 'The link to verify is not correct, we have sent a new link to verify',
  UNKNOWN_ERROR: 'An unknow error occured, please contact customer support',
  RESET_LINK_INVALID: 'The link has expired or is invalid, please try again',
  RESET_DONE: 'Your password has been changed successfully. Please login',
  RESET_SENT: 'An email with password reset instructions have been sent to your email',
  PASSWORD_SET: 'Password set successfully',
  PASSWORD_CHANGED_TITLE: 'Password Changed',
  PASSWORD_CHANGED_TEXT: 'Your password has been changed successfully.',
  FIRST_NAME_REQUIRED: 'Please enter first name',
  LAST_NAME_REQUIRED: 'Please enter last name',
  NO_SPECIAL_CHARACTERS: 'No special characters allowed',
  PHONE_INVALID: 'Invalid Phone Number Format',
  ACTIVATE_ACCOUNT: 'Activate Account',
  SET_PASSWORD: 'Set a password',
  SESSION_REQUIRED: 'Please log in to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
} as const;

/** Texts of the account page (docs/product-rules.md, Accounts and Billing). */
export const ACCOUNT_MESSAGES = {
  NAMES_EMPTY: 'First Name and Last Name field cannot be empty',
  NAME_SPECIAL_CHARS: 'This field cannot contain special chars',
  NAMES_SPECIAL_CHARS: 'First Name and Last Name field cannot contain special chars',
  UPDATED_TITLE: 'Information Updated',
  UPDATED_TEXT: 'Your information has been updated successfully',
  NOT_SET: '--',
  NO_ADDRESS: 'No address added',
  BASIC_MEMBERSHIP: 'Basic Membership',
  LIFETIME_DEAL_MEMBERSHIP: 'AppSumo Membership',
} as const;

/** The upload wizard's texts (docs/product-rules.md, Plan upload). */
export const UPLOAD_MESSAGES = {
  ERROR_TITLE: 'Error',
  TRY_AGAIN: 'Please try again',
  SELECT_WORKSPACE: 'Please Select Workspace',
  SELECT_TEAM: 'Please Select Team',
  /**
   * The headings of the place steps: Asana a workspace then its team ('Select Team', the specification's), ClickUp
   * and monday.com 'Select Space' (the specification's), each with a hint naming what its tool lists (ADR 0043).
   */
  SELECT_WORKSPACE_TITLE: 'Select Workspace',
  SELECT_TEAM_TITLE: 'Select Team',
  SELECT_SPACE_TITLE: 'Select Space',
  ASANA_PLACES_HINT:
    'Your Asana workspaces are listed below. Choose the one to send your plan to; you choose its team next.',
  ASANA_TEAMS_HINT: 'The teams of the workspace you chose. The plan becomes a project of the team you choose.',
  CLICKUP_PLACES_HINT:
    'Your ClickUp spaces are listed below, under the Workspace each belongs to. The plan becomes a folder of the space you choose.',
  MONDAY_PLACES_HINT:
    'Your monday.com workspaces are listed below. The plan becomes a board of the workspace you choose, or of one you create.',
  CONNECTION_CHECKS_PER_MINUTE: (perMinute: number, wait: string) =>
    `You can check your connection to a tool up to ${perMinute} times a minute. Please try again ${wait}.`,
  NO_SPACES: "You don't have current spaces",
  NEED_ACCOUNT: '*(Need to create an account?)',
  NEXT_STEP: 'Next Step',
  UPLOAD_ACTION_PLAN: 'Upload action plan',
  CREATE_WORKSPACE: 'Create Workspace',
  WORKSPACE_CREATED: 'Workspace Created',
  WORKSPACE_NOT_CREATED: 'Workspace is not created',
  WORKSPACE_NOT_CREATED_TEXT: 'Your Workspace is not created.',
  LOADING: 'Loading...',
  UPLOADED: 'Your plan has been uploaded successfully',
  UPLOAD_PENDING: 'Your plan is being uploaded and will appear in your workspace shortly',
  STATE_INVALID: 'This connection link has expired or was not started from your session. Please connect again.',
  CONNECTION_UNKNOWN: 'Your connection to the task tool has expired. Please connect again.',
  PLAN_NOT_FOUND: 'This plan was not found.',
  PLAN_NOT_ALLOWED: 'This plan is not part of your membership yet.',
  /** The connect step while it asks whether the member's stored connection to the tool still stands. */
  CHECKING_CONNECTION: (tool: string) => `Checking your connection to ${tool}...`,
  /** The connect step when it does: sending again needs no new consent. */
  CONNECTED_AS: (tool: string, email: string) => `You are connected to ${tool} as ${email}.`,
  CONTINUE: 'Continue',
  CONNECT_ANOTHER: (tool: string) => `Use another ${tool} account`,
  /** The success page's link to the new project, in the tool it was sent to. */
  OPEN_PROJECT: (tool: string) => `Open your project in ${tool}`,
  /** The success page's line while the tool gave no address of the project. */
  PROJECT_IN_TOOL: (tool: string) => `Your project plan is ready in ${tool}: open it there to start executing.`,
  /**
   * What a sending says of a link between two tasks ("B waits on A") a tool did not receive; the other tasks and
   * links went on.
   */
  /** The success page's heading over what the tool did not receive (links it refused, and why). */
  NOT_SENT: (tool: string) => `What ${tool} did not receive`,
  LINK_TO_UNKNOWN_TASK: (task: string) =>
    `"${task}" waits on a task that is no longer in this plan, so that link was not sent.`,
  LINK_TO_ITSELF: (task: string) => `"${task}" cannot wait on itself, so that link was not sent.`,
  LINK_TASK_NOT_CREATED: (task: string, other: string, tool: string) =>
    `"${task}" waits on "${other}", but one of them was not created in ${tool}, so that link was not sent.`,
  LINK_OVER_TOOL_LIMIT: (task: string, other: string, tool: string, limit: number) =>
    `"${task}" waits on "${other}", but ${tool} keeps at most ${limit} links on a task, so that link was not sent.`,
  LINK_REFUSED: (task: string, tool: string, reason: string) =>
    `${tool} did not take the links of "${task}" to the tasks it waits on: ${reason}`,
} as const;

/** What a template's page says of its two actions, under them. */
export const TEMPLATE_PAGE_MESSAGES = {
  ACTIONS_HELP:
    'Get Project Plan sends this plan straight to Asana, ClickUp or monday.com. Save to My Plans keeps your own copy to change first (dates, owners, tasks); you send or download it from My Plans when it is ready.',
} as const;

/** The next steps a newcomer is offered: on an empty My Plans and once their account is active. */
export const FIRST_STEPS_MESSAGES = {
  TITLE: 'Where to start',
  TEMPLATE_TITLE: 'Start from a template',
  TEMPLATE_TEXT: 'Pick a ready-made plan from the library and make it yours.',
  TEMPLATE_ACTION: 'Browse templates',
  AI_TITLE: 'Plan with AI',
  AI_TEXT: 'Answer a few questions about your goal and get a plan made for it.',
  AI_ACTION: 'Open the AI Planner',
  BLANK_TITLE: 'Start from scratch',
  BLANK_TEXT: 'An empty plan of your own: add your sections and tasks yourself.',
  BLANK_ACTION: 'New blank plan',
  BLANK_FAILED: 'The plan was not created',
} as const;

/** Billing texts (docs/product-rules.md, Billing). */
export const BILLING_MESSAGES = {
  UNEXPECTED: 'An unexpected error occured.',
  UNEXPECTED_TRIAL: 'An unexpected error occurred.',
  TRIAL_UPGRADE_FAILED: 'Failed to upgrade trial. Please try again.',
  TRIAL_UPGRADE_ERROR: 'An error occurred while upgrading your trial.',
  CANCEL_TRIAL_PROGRESS_TITLE: 'Processing',
  CANCEL_TRIAL_PROGRESS: 'Please wait while we end your trial.',
  CANCEL_TRIAL_FAILED_TITLE: 'Cannot end trial!',
  CANCEL_TRIAL_FAILED: 'There was an error ending your trial.',
  CANCEL_TRIAL_ERROR_TITLE: 'Error',
  CANCEL_TRIAL_ERROR: 'Failed to end trial. Please try again.',
  CANCEL_TRIAL_DONE_TITLE: 'Trial ended',
  CANCEL_TRIAL_DONE: 'Your trial has been ended successfully.',
  CANCEL_SUBSCRIPTION_PROGRESS_TITLE: 'Processing',
  CANCEL_SUBSCRIPTION_PROGRESS: 'Please wait while we cancel your subscription.',
  CANCEL_SUBSCRIPTION_FAILED_TITLE: 'Cannot unsubscribe!',
  CANCEL_SUBSCRIPTION_TOO_EARLY: 'You cannot unsubscribe before two months.',
  CANCEL_SUBSCRIPTION_DONE_TITLE: 'Subscription cancelled',
  CANCEL_SUBSCRIPTION_DONE: 'Your subscription has been cancelled successfully.',
  NOT_A_SUBSCRIBER: 'Not a subscriber',
  BASIC_MEMBERSHIP: 'Basic Membership',
  PAID_MEMBERSHIP: 'Paid Membership',
  TRIAL_USED: 'The free trial has already been used on this account.',
  ALREADY_SUBSCRIBED: 'You already have a subscription.',
  NOT_ON_TRIAL: 'You are not on a free trial.',
  NOT_SUBSCRIBED: 'You have no active subscription.',
  NOT_SUBSCRIBED_TRIAL: 'You are on a free trial: add your card to the trial instead.',
  UNKNOWN_PRICE: 'This price does not belong to any plan.',
  WRONG_SUBSCRIPTION_TYPE: "The subscription type does not match the plan's billing period.",
  NO_TRIAL_FOR_PLAN: 'This plan has no free trial.',
  SETUP_NOT_COMPLETE: 'The card has not been confirmed yet.',
  ALREADY_PURCHASED: 'You already own this project plan.',
  NOT_FOR_SALE: 'This project plan is not for sale.',
  ORDER_NOT_APPROVED: 'The payment was not approved.',
  ORDER_NOT_FOUND: 'No such order.',
} as const;

/** Admin catalogue, upload and permission-settings texts (docs/product-rules.md, Catalogue). */
export const ADMIN_MESSAGES = {
  PRODUCT_NAME_REQUIRED: 'Please add Product Name',
  CATEGORY_REQUIRED: 'Please add Category!',
  NAME_AND_CATEGORY_REQUIRED: 'Please add Product Name & Category!',
  FILL_REQUIRED: 'Please Fill Required Field(s)',
  LINK_OR_TEXT_EMPTY: 'Link or text Empty',
  INVALID_INPUT: 'Invalid Input',
  SELECT_FILE: 'Please Select a File!',
  UPLOAD_FILE: 'Please Upload Your File!',
  FILE_UPLOADED: 'File Uploaded Sucessfully',
  PROJECT_CREATED: 'Project Created Successfully',
  PROJECT_UPDATED: 'Project Updated Sucessfully',
  PROJECT_DELETED: 'Project Deleted Sucessfully',
  PROJECT_DELETED_TEXT: 'Your Project is Deleted from List',
  UPLOAD_FAILED: 'Error uploading file to S3',
  PERMISSION_EXISTS: 'Permission already exist',
  PERMISSION_CREATED: 'Successfully creating',
  PERMISSION_UPDATED: 'Successfully updating',
  PERMISSION_NOT_FOUND: 'This plan permission does not exist.',
  PRODUCT_NOT_FOUND: 'This product does not exist.',
  LINK_NOT_FOUND: 'This template link does not exist.',
  FILE_TYPE: 'Only jpg, jpeg, png and xlsx files can be uploaded.',
  FILE_CONTENT:
    'The file is not what its name says: only real jpg, jpeg, png images and xlsx spreadsheets are accepted.',
  FILE_TOO_LARGE: 'The file is too large: at most 10 MB can be uploaded.',
  FILE_EMPTY: 'The file is empty.',
  FILE_SIZE_REQUIRED: "The file's size is required to upload it.",
  UPLOAD_LINK_INVALID: 'This upload link is not valid: it was changed or does not belong to this server.',
  UPLOAD_LINK_EXPIRED: 'This upload link has expired: please upload the file again.',
  UPLOAD_LINK_USED: 'This upload link has already been used: please upload the file again.',
  UPLOAD_MISSING: 'The uploaded file was not found: please upload it again.',
  UPLOAD_WRONG_KIND: 'This uploaded file cannot be used here.',
} as const;

/** Members area, Q&A and lifetime-deal texts (docs/product-rules.md, Members and Lifetime deal). */
export const MEMBER_MESSAGES = {
  QA_SENT: "Your question has been sent! We'll send you an answer soon!",
  FIELD_REQUIRED: '${label} is required!',
  FIELD_NOT_EMAIL: '${label} is not a valid email!',
  FIELD_NOT_NUMBER: '${label} is not a valid number!',
  MEMBERS_ONLY: 'The members area is for toolkit users and Premium Monthly Membership members.',
  COURSE_ONLY: 'The course area is for Premium students and Premium Monthly Membership members.',
  SUPPORT_ONLY: 'Questions can only be sent to our support team.',
  TOO_MANY_QUESTIONS: 'You have sent several questions in a short time. Please wait a few minutes and try again.',
} as const;

export const LIFETIME_DEAL_MESSAGES = {
  REDEEMED: 'Coupon code redeemed successfully',
  ALREADY_REDEEMED: 'This code has already been redeemed',
  INVALID_CODE: 'This code is not valid',
  NOT_REDEEMED: 'Please redeem your code first',
  FAILED: 'Failed!',
  SUCCESS: 'Success!',
  SUCCESS_TEXT:
    'Check your inbox: we sent you an e-mail to confirm your address. Press its button, then log in with your e-mail and your AppSumo code as the password; you will choose your own password right after.',
  FIRST_NAME_REQUIRED: 'Please enter first name',
  LAST_NAME_REQUIRED: 'Please enter last name',
  CODE_REQUIRED: 'Please enter your AppSumo Code',
  EMAIL_REQUIRED: 'Please enter your AppSumo email address',
} as const;

/** Two-factor authentication, social sign-in and active sessions (docs/product-rules.md, Texts). */
export const SECURITY_MESSAGES = {
  MFA_CODE_WRONG: 'The code is not correct, please try again',
  MFA_CODE_REQUIRED: 'Please enter the 6-digit code from your authenticator app',
  RECOVERY_CODE_REQUIRED: 'Please enter one of your recovery codes',
  MFA_EXPIRED: 'Your login has expired, please login again',
  MFA_ENABLED_TITLE: 'Two-factor authentication on',
  MFA_ENABLED_TEXT: 'Your account now asks for a code from your authenticator app at login.',
  MFA_DISABLED_TITLE: 'Two-factor authentication off',
  MFA_DISABLED_TEXT: 'Your account no longer asks for a code at login.',
  SESSION_ENDED_TITLE: 'Session ended',
  SESSION_ENDED_TEXT: 'That device has been logged out.',
  OTHER_SESSIONS_ENDED_TEXT: 'Every other device has been logged out.',
  SOCIAL_CANCELLED: 'The sign-in was cancelled',
  SOCIAL_FAILED: 'We could not sign you in with that account, please try again',
  SOCIAL_UNAVAILABLE: 'This sign-in option is not available at the moment',
  SOCIAL_EMAIL_UNVERIFIED: 'That account has no verified email address, please sign up with your email',
  SOCIAL_EMAIL_RESERVED: 'The email address of that account cannot be used here, please sign up with another one',
  UNLINK_NEEDS_PASSWORD: "Set a password first (use Can't login on the login page), so you can still log in",
  UNLINKED_TITLE: 'Account unlinked',
} as const;

/** AI planner texts (docs/product-rules.md, AI planner and Texts). */
export const AI_MESSAGES = {
  PROJECT_INVALID: 'Active project is not available or is invalid.',
  NOT_ACTIVATED: 'Please activate your account to use the AI planner.',
  NO_PERMISSION: "Your plan doesn't include the AI planner. Choose a membership to use it.",
  CREDITS_USED: 'You have used all {limit} AI credits of your plan this month. They renew on {date}.',
  PROVIDER_FAILED: 'The AI planner could not finish this answer. Please try again.',
  // One attempt plus 3 retries (rules/planner withRetries).
  TASKS_FAILED: "We couldn't build the task list after 4 attempts.",
  TASKS_FAILED_TEXT: 'The answer did not come back in the expected form. Try again in a moment.',
  NOT_YOUR_EMAIL: 'You can only use your own e-mail address here.',
  PLAN_NOT_FOUND: 'This AI plan does not exist.',
  LINK_EXPIRED: 'This download link has expired. Please download the plan again.',
  /** A member's answers being written at once (MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE). */
  RUNS_AT_ONCE: (atOnce: number) =>
    `The AI planner is already writing ${atOnce} answers for you. Please wait until they are done, then try again.`,
} as const;

/** "My data" on the account page: the archive of a member's data and the deletion of the account. */
export const MY_DATA_MESSAGES = {
  SECTION_TITLE: 'My data',
  DOWNLOAD_INTRO:
    'Download one archive of everything we hold about you: your profile, client record, plans and AI plans, uploads, sessions, billing records and the security events about you.',
  DOWNLOAD_BUTTON: 'Download my data',
  DOWNLOAD_PREPARING: 'Preparing your archive…',
  DOWNLOAD_READY_TITLE: 'Your archive is ready',
  DOWNLOAD_READY_TEXT: 'The download has started. The link works once and for one hour.',
  DOWNLOAD_FAILED: 'We could not prepare your archive. Please try again.',
  EXPORT_NOT_FOUND: 'No such archive.',
  LINK_USED: 'This download link has already been used. Ask for a new archive with "Download my data".',
  LINK_EXPIRED: 'This download link has expired. Ask for a new archive with "Download my data".',
  LINK_WRONG: 'This download link is not valid. Ask for a new archive with "Download my data".',
  NOT_READY: 'Your archive is not ready yet. Please wait a moment.',
  DELETE_INTRO:
    'Deleting your account cancels your subscription, disconnects your task tools, removes your data and logs you out everywhere, at once. Only the billing records the law asks us to keep for invoices stay, without your name or e-mail.',
  DELETE_BUTTON: 'Delete my account',
  DELETE_CONFIRM_TITLE: 'Delete your account?',
  DELETE_CONFIRM_OK: 'Delete my account for good',
  DELETE_PASSWORD_LABEL: 'Your password',
  DELETE_CODE_LABEL: 'Code from your authenticator app',
  PASSWORD_REQUIRED: 'Please enter your password to delete your account',
  CODE_REQUIRED: 'Please enter the 6-digit code from your authenticator app to delete your account',
  /** An account without a password or a second factor confirms its deletion through a mailed link. */
  DELETE_LINK_INTRO:
    'Your account has no password and no authenticator app: we will e-mail you a link. Open it in this browser, signed in, to delete your account.',
  DELETE_LINK_BUTTON: 'E-mail me the link',
  LINK_SENT_TITLE: 'Check your e-mail',
  LINK_SENT: (to: string, minutes: number) =>
    `We sent a link to ${to}. Open it in this browser, signed in, to delete your account: it works once, within ${minutes} minutes. Nothing is deleted until then.`,
  LINK_REQUIRED: 'Follow the link we e-mail you to delete your account: ask for it with "Delete my account".',
  LINK_INVALID:
    'This link to delete your account is not valid any more (used, replaced by a newer one, expired, or for another account). Your account was not deleted.',
  LINK_NOT_NEEDED: 'Your account is deleted with your password or your authenticator code, not with an e-mailed link.',
  LINKS_PER_MINUTE: (perMinute: number, wait: string) =>
    `You can ask for up to ${perMinute} links a minute. Please try again ${wait}.`,
  DELETING: 'Deleting your account…',
  /** The last administrator would leave nobody to run the product (the rule the role's revocation follows). */
  LAST_ADMIN:
    'You are the last administrator: grant the role to someone else before you delete your account. Your account was not deleted.',
  WRONG_PASSWORD: 'The password is not correct. Your account was not deleted.',
  DELETED_TITLE: 'Account deleted',
  DELETED_TEXT: 'Your account and your data have been deleted. You have been logged out.',
  DELETE_FAILED: 'We could not delete your account. Nothing was deleted. Please try again.',
  /** A second archive asked for while the first is still being prepared (one at a time, MEMBER_BUDGETS). */
  EXPORT_IN_PROGRESS: 'Your archive is still being prepared. Please wait for it before asking for another one.',
  /** The day's archives are used up (MEMBER_BUDGETS.EXPORTS_PER_DAY); `wait` is what tryAgainIn() says. */
  EXPORTS_PER_DAY_USED: (perDay: number, wait: string) =>
    `You can ask for your data ${perDay} times a day, and you have done so. Please try again ${wait}.`,
} as const;

/** The insights tab of /admin_panel: its range of days and its tables. */
export const INSIGHTS_MESSAGES = {
  TAB: 'Insights',
  BAD_DATE: 'Give the date as YYYY-MM-DD.',
  FROM_AFTER_TO: 'The first day must not come after the last day.',
  RANGE_TOO_LONG: 'Choose at most 366 days.',
  BAD_TABLE: 'No such table of the insights.',
} as const;

/** The members tab of /admin_panel: finding a member, their page and the actions on their account. */
export const MEMBER_ADMIN_MESSAGES = {
  TAB: 'Members',
  NOT_FOUND: 'No such member.',
  NO_IDENTITY: 'This member has no sign-in account yet.',
  ALREADY_VERIFIED: 'This member has already verified their e-mail address.',
  OWN_ADMIN_ROLE: 'You cannot change your own administrator role: ask another administrator.',
  OWN_SIGN_IN: 'You cannot disable your own sign-in.',
  LAST_ADMIN: 'This is the last administrator: grant the role to someone else first.',
  SESSIONS_ENDED: 'Every session of this member has ended.',
  SIGN_IN_DISABLED: 'Sign-in is disabled for this member, and their sessions have ended.',
  SIGN_IN_ENABLED: 'Sign-in is enabled again for this member.',
  LOCK_LIFTED: 'The lock is lifted: this member may sign in again at once.',
  VERIFICATION_SENT: 'A new verification link was mailed to this member.',
  ADMIN_GRANTED: 'This member is now an administrator.',
  ADMIN_REVOKED: 'This member is no longer an administrator.',
  LOAD_FAILED: 'The members could not be loaded.',
} as const;

/** When a refused call may be made again, in words: 'in 40 seconds', 'in 1 minute', 'in 5 hours'. */
export function tryAgainIn(seconds: number): string {
  const count = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return count(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return count(Math.ceil(seconds / 60), 'minute');
  return count(Math.ceil(seconds / 3600), 'hour');
}

/**
 * Heavy work (Word, Excel and zip files, built off the event loop) refused for a budget: the server's, when it
 * is busy or the file is beyond what it builds, or the member's (MEMBER_BUDGETS).
 */
export const WORK_MESSAGES = {
  BUSY: 'We are preparing a lot of files right now. Please try again in a minute.',
  TOO_LARGE: 'This is too large for us to prepare. Make the plan smaller, then try again.',
  TOO_SLOW: 'Preparing this took longer than we allow. Please try again in a few minutes.',
  DOWNLOADS_AT_ONCE: (atOnce: number) =>
    `You are already preparing ${atOnce} downloads. Please wait until they are ready, then try again.`,
  DOWNLOADS_PER_MINUTE: (perMinute: number, wait: string) =>
    `You can download up to ${perMinute} files a minute. Please try again ${wait}.`,
} as const;
