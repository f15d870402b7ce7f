import { BILLING_MESSAGES } from '@dpp/shared/messages';
import { ApiError } from '../../../shared/api-client';

/** Spec part 1, section 8: anything but a card or validation error (the spec's text, in the shared messages). */
export const UNEXPECTED_PAYMENT_ERROR = BILLING_MESSAGES.UNEXPECTED;

/** The part of Stripe.js's error the card form reads. */
export interface StripeErrorLike {
  type?: string;
  message?: string;
}

/**
 * What the card form says after a failed confirmation: Stripe's own message for a card error (a
 * decline, a wrong number) or a validation error (an incomplete expiry or CVC), which Stripe writes
 * for the card holder; the spec's generic text for anything else (network, API, rate limit).
 */
export function cardErrorMessage(error: StripeErrorLike | undefined): string {
  if ((error?.type === 'card_error' || error?.type === 'validation_error') && error.message) return error.message;
  return UNEXPECTED_PAYMENT_ERROR;
}

/**
 * What the PayPal checkout says after a failure: our server's message when our server refused
 * (creating or capturing the order), the generic text for anything inside PayPal's own script.
 */
export function paypalErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return UNEXPECTED_PAYMENT_ERROR;
}
