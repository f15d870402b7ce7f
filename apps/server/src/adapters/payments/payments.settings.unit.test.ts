import { describe, expect, it } from 'vitest';
import { adapterChoices } from '../../config/adapter-choices';
import { ConfigError, loadConfig } from '../../config/env';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_51Abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};
const paypal = { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret' };

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('payment provider settings', () => {
  it('are empty by default, and the real providers are then not used', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_API_BASE: '',
    });
    expect(adapterChoices(config)).toMatchObject({ cards: 'local', orders: 'local' });
  });

  it('select Stripe and PayPal when configured', () => {
    const config = loadConfig({ ...stripe, ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com' });
    expect(adapterChoices(config)).toMatchObject({ cards: 'stripe', orders: 'paypal' });
  });

  it('refuse a Stripe secret key without the publishable key and webhook secret, naming them', () => {
    expect(configError({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toContain(
      'STRIPE_SECRET_KEY: is set, so STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set too',
    );
    expect(configError({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toContain(
      'so STRIPE_WEBHOOK_SECRET must be set too',
    );
  });

  it('refuse keys of the wrong kind, and half a PayPal setup', () => {
    expect(configError({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_oops' })).toContain(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(configError({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toContain('STRIPE_WEBHOOK_SECRET: must be');
    expect(configError({ PAYPAL_CLIENT_ID: 'client-id' })).toContain(
      'PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    );
    expect(configError({ ...paypal, PAYPAL_API_BASE: 'api-m.paypal.com' })).toContain('PAYPAL_API_BASE');
  });

  it('never put a secret in the error message', () => {
    const message = configError({ STRIPE_SECRET_KEY: 'sk_live_very_secret', STRIPE_WEBHOOK_SECRET: 'nope' });
    expect(message).not.toContain('very_secret');
  });
});
