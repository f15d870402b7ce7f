import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { LocalCardPayments } from './payments.local-cards';
import { LocalOrderPayments } from './payments.local-orders';
import type { CardPaymentsPort, OneTimePaymentsPort } from './payments.port';
import { realCardPayments, realOneTimePayments } from './real';

/** The card provider, chosen once at start: the local one until Stripe's keys are configured. */
export function cardPaymentsFor(config: Config, db: Database, clock: Clock = systemClock): CardPaymentsPort {
  return realCardPayments(config) ?? new LocalCardPayments(db, clock, config.BILLING_LOCAL_WEBHOOK_SECRET);
}

/** The one-time payment provider, chosen once at start: the local one until PayPal's keys are configured. */
export function oneTimePaymentsFor(config: Config, db: Database, clock: Clock = systemClock): OneTimePaymentsPort {
  return realOneTimePayments(config) ?? new LocalOrderPayments(db, clock);
}
