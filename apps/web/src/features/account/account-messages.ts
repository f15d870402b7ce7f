/** Texts of the account page (spec part 1, sections 5 and 8), worded exactly as the spec writes them. */
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
