import { BILLING_MESSAGES } from '@dpp/shared/messages';
import { type CardError, cardErrorMessage as sharedCardErrorMessage } from '@dpp/shared/rules/billing';
import { ApiError } from '../../../shared/api/client';

/** Anything but a card or validation error (docs/product-rules.md, Billing; the text is in the shared messages). */
export const UNEXPECTED_PAYMENT_ERROR = BILLING_MESSAGES.UNEXPECTED;

/**
 * What the card form says after a failed confirmation: Stripe's own message for a card or validation
 * error, which Stripe writes for the card holder; the generic text for anything else.
 */
export function cardErrorMessage(error: CardError | undefined): string {
  return sharedCardErrorMessage(error, 'subscribe');
}

/**
 * What the PayPal checkout says after a failure: our server's message when our server refused
 * (creating or capturing the order), the generic text for anything inside PayPal's own script.
 */
export function paypalErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return UNEXPECTED_PAYMENT_ERROR;
}
