import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { LocalCardForm } from './local-card-form';
import { LocalPaymentButtons } from './local-payment-buttons';
import { CARD_FORMS, loadPayPalCheckout, loadStripeCardForm, PAYMENT_BUTTONS } from './provider-components';
import PayPalCheckout from './providers/paypal-checkout';
import StripeCardForm from './providers/stripe-card-form';

/** The HTML a component renders once every lazy part has loaded (no browser, no provider script). */
async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

const cardProps = {
  publishableKey: 'pk_test_123',
  clientSecret: 'seti_123_secret_abc',
  returnUrl: 'http://localhost/subscribe/success?client_id=u1&price_id=price_1&setup_intent_id=seti_123',
  onError: () => undefined,
};
const buttonProps = {
  clientId: 'paypal-client-id',
  createOrder: async () => 'ORDER-1',
  onApprove: async () => undefined,
  onError: () => undefined,
};

describe('the card form publish-key names', () => {
  it('is the sandbox form for the local provider', async () => {
    expect(CARD_FORMS.local).toBe(LocalCardForm);
    const page = await html(<CARD_FORMS.local {...cardProps} />);
    expect(page).toContain('Sandbox card form');
  });

  it("is Stripe's Payment Element form, loaded on demand, for Stripe", async () => {
    expect(CARD_FORMS.stripe).not.toBe(LocalCardForm);
    expect((await loadStripeCardForm()).default).toBe(StripeCardForm);
    const page = await html(<CARD_FORMS.stripe {...cardProps} />);
    expect(page).toContain('aria-label="Credit card"');
    expect(page).not.toContain('Sandbox card form');
  });
});

describe('the payment buttons /api/paypal/client-id names', () => {
  it('are the sandbox button for the local provider', async () => {
    expect(PAYMENT_BUTTONS.local).toBe(LocalPaymentButtons);
    expect(await html(<PAYMENT_BUTTONS.local {...buttonProps} />)).toContain('Sandbox payment');
  });

  it("are PayPal's buttons, loaded on demand, for PayPal", async () => {
    expect(PAYMENT_BUTTONS.paypal).not.toBe(LocalPaymentButtons);
    expect((await loadPayPalCheckout()).default).toBe(PayPalCheckout);
    const page = await html(<PAYMENT_BUTTONS.paypal {...buttonProps} />);
    // PayPal's script has not loaded (there is none here): its pending state, not the sandbox button.
    expect(page).toContain('Loading, please wait');
    expect(page).not.toContain('Sandbox payment');
  });
});
