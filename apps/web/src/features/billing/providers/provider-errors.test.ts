import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { cardErrorMessage, paypalErrorMessage, UNEXPECTED_PAYMENT_ERROR } from './provider-errors';

describe('card form errors', () => {
  it("show Stripe's message for a card error and a validation error", () => {
    expect(cardErrorMessage({ type: 'card_error', message: 'Your card was declined.' })).toBe(
      'Your card was declined.',
    );
    expect(cardErrorMessage({ type: 'validation_error', message: "Your card's security code is incomplete." })).toBe(
      "Your card's security code is incomplete.",
    );
  });

  it('show the generic text for every other failure', () => {
    expect(UNEXPECTED_PAYMENT_ERROR).toBe('An unexpected error occured.');
    for (const type of ['api_connection_error', 'api_error', 'authentication_error', 'rate_limit_error', undefined]) {
      expect(cardErrorMessage({ type, message: 'Something internal' })).toBe(UNEXPECTED_PAYMENT_ERROR);
    }
    expect(cardErrorMessage(undefined)).toBe(UNEXPECTED_PAYMENT_ERROR);
    expect(cardErrorMessage({ type: 'card_error' })).toBe(UNEXPECTED_PAYMENT_ERROR);
  });
});

describe('PayPal checkout errors', () => {
  it("show our server's message when it refused the order or the capture", () => {
    const refused = new ApiError(
      402,
      'PAYMENT_REQUIRED',
      'PayPal: UNPROCESSABLE_ENTITY: declined (INSTRUMENT_DECLINED)',
    );
    expect(paypalErrorMessage(refused)).toBe('PayPal: UNPROCESSABLE_ENTITY: declined (INSTRUMENT_DECLINED)');
  });

  it('show the generic text for an error inside PayPal’s script', () => {
    expect(paypalErrorMessage({ message: 'Window closed before response' })).toBe(UNEXPECTED_PAYMENT_ERROR);
    expect(paypalErrorMessage(new Error('script failed'))).toBe(UNEXPECTED_PAYMENT_ERROR);
    expect(paypalErrorMessage(undefined)).toBe(UNEXPECTED_PAYMENT_ERROR);
  });
});
