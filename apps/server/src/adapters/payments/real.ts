import type { Config } from '../../config/env';
import { paypalOneTimePayments } from './payments.paypal';
import type { CardPaymentsPort, OneTimePaymentsPort } from './payments.port';
import { stripeCardPayments } from './payments.stripe';

/**
 * The real providers, when their credentials are configured; null otherwise, and the billing
 * module's selector falls back to the local providers. The configuration check (config/env.ts)
 * already refuses a partial Stripe or PayPal setup.
 */
export function realCardPayments(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
): CardPaymentsPort | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return stripeCardPayments({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
}

export function realOneTimePayments(
  config: Pick<Config, 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_BASE'>,
): OneTimePaymentsPort | null {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) return null;
  return paypalOneTimePayments({
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    ...(config.PAYPAL_API_BASE ? { apiBase: config.PAYPAL_API_BASE } : {}),
  });
}
