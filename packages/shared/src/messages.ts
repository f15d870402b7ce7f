/** User-facing texts shared by the web forms and the API, worded exactly as the product spec writes them. */
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
} as const;
