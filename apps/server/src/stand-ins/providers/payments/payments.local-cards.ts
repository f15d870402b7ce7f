import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { nextPeriodEnd } from '@dpp/shared';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import type { Clock } from '../../../lib/clock';
import type {
  BillingEvent,
  CardPaymentsPort,
  CardProviderError,
  ConfirmSetupInput,
  ConfirmSetupResult,
  NewSubscription,
  PaymentIntentView,
  SandboxCards,
  SetupIntentStatus,
  SetupIntentView,
  SubscriptionStatus,
  SubscriptionView,
} from '../../../ports/payments.port';
import {
  localCardCustomers,
  localCardEvents,
  localCardInvoices,
  localCardPaymentMethods,
  localCardSetupIntents,
  localCardSubscriptions,
} from './payments.local.tables';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's documented test cards and what they do (https://docs.stripe.com/testing). Any other number
 * passing the Luhn check is a 'live' card, which test mode declines.
 */
const TEST_CARDS: Record<string, { brand: string; decline?: CardProviderError; chargesFail?: boolean }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': {
    brand: 'visa',
    decline: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    decline: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': {
    brand: 'visa',
    decline: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    brand: 'visa',
    decline: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  '4000000000000341': { brand: 'visa', chargesFail: true },
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const validation = (message: string, code?: string): ConfirmSetupResult => ({
  ok: false,
  status: 400,
  error: { type: 'validation_error', ...(code && { code }), message },
});

/** The checks Stripe.js makes before it sends a card, with Stripe's wording. */
function checkCard(input: ConfirmSetupInput, now: Date): ConfirmSetupResult | null {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits) || (digits.length >= 13 && !luhnValid(digits))) {
    return validation('Your card number is invalid.', 'invalid_number');
  }
  if (digits.length < 13) return validation('Your card number is incomplete.', 'incomplete_number');
  if (input.exp_month < 1 || input.exp_month > 12) {
    return validation("Your card's expiration month is invalid.", 'invalid_expiry_month');
  }
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return validation("Your card's expiration year is in the past.", 'invalid_expiry_year_past');
  if (year > thisYear + 50) return validation("Your card's expiration year is invalid.", 'invalid_expiry_year');
  if (year === thisYear && input.exp_month < now.getUTCMonth() + 1) {
    return validation("Your card's expiration date is in the past.", 'invalid_expiry_month_past');
  }
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!/^\d*$/.test(input.cvc)) return validation("Your card's security code is invalid.", 'invalid_cvc');
  if (input.cvc.length < cvcLength) return validation("Your card's security code is incomplete.", 'incomplete_cvc');
  if (input.cvc.length > cvcLength) return validation("Your card's security code is invalid.", 'invalid_cvc');
  return null;
}

type SubscriptionRow = typeof localCardSubscriptions.$inferSelect;
type SetupIntentRow = typeof localCardSetupIntents.$inferSelect;

function toSetupIntent(row: SetupIntentRow): SetupIntentView {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as SetupIntentStatus,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
  };
}

function toSubscription(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    customerId: row.customerId,
    priceId: row.priceId,
    status: row.status as SubscriptionStatus,
    startedAt: row.startedAt,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    defaultPaymentMethodId: row.defaultPaymentMethodId,
    metadata: row.metadata,
  };
}

/** Events as JSON (dates as ISO strings) and back, for the log table and signed deliveries. */
function eventToJson(event: BillingEvent): unknown {
  return JSON.parse(JSON.stringify(event));
}

function eventFromJson(value: unknown): BillingEvent {
  const event = value as BillingEvent & { created: string };
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const base = { ...event, created: new Date(event.created) };
  if ('subscription' in event) {
    const s = event.subscription;
    return {
      ...base,
      subscription: {
        ...s,
        startedAt: date(s.startedAt)!,
        trialEnd: date(s.trialEnd),
        currentPeriodEnd: date(s.currentPeriodEnd)!,
      },
    } as BillingEvent;
  }
  return base as BillingEvent;
}

/** Seconds a signed delivery stays valid (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_S = 300;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Emit = (type: BillingEvent['type'], body: Record<string, unknown>) => Promise<void>;

/** The prices the local provider bills, by their Stripe id, as Stripe keeps them: the plans' prices (app.ts hands them). */
export type PriceCatalog = (stripePriceId: string) => Promise<{ price: number; interval: string } | undefined>;

/**
 * The local card provider: Stripe's customers, setup intents, subscriptions with trials, invoices and
 * events, kept in our database. Events go to the same handler Stripe's webhooks reach.
 */
export class LocalCardPayments implements CardPaymentsPort, SandboxCards {
  readonly kind = 'local' as const;
  private sink: ((event: BillingEvent) => Promise<unknown>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly webhookSecret: string,
    private readonly prices: PriceCatalog,
  ) {}

  publishableKey(): string {
    return 'pk_local_sandbox';
  }

  /** Where emitted events go (the subscriptions service's event handler). */
  onEvent(sink: (event: BillingEvent) => Promise<unknown>): void {
    this.sink = sink;
  }

  async createCustomer(input: { email: string; clientId: number }, idempotencyKey: string) {
    await this.db
      .insert(localCardCustomers)
      .values({
        id: newId('cus'),
        email: input.email,
        clientId: input.clientId,
        idempotencyKey,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: localCardCustomers.idempotencyKey });
    const [row] = await this.db
      .select()
      .from(localCardCustomers)
      .where(eq(localCardCustomers.idempotencyKey, idempotencyKey));
    return { id: row!.id };
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }, idempotencyKey: string) {
    await this.requireCustomer(this.db, input.customerId);
    const id = newId('seti');
    await this.db
      .insert(localCardSetupIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        customerId: input.customerId,
        status: 'requires_payment_method',
        metadata: input.metadata,
        idempotencyKey,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: localCardSetupIntents.idempotencyKey });
    const [row] = await this.db
      .select()
      .from(localCardSetupIntents)
      .where(eq(localCardSetupIntents.idempotencyKey, idempotencyKey));
    return toSetupIntent(row!);
  }

  async retrieveSetupIntent(id: string) {
    const [row] = await this.db.select().from(localCardSetupIntents).where(eq(localCardSetupIntents.id, id));
    if (!row) throw new AppError('NOT_FOUND', `No such setupintent: '${id}'`);
    return toSetupIntent(row);
  }

  /**
   * What the browser's card form does with the provider (Stripe's confirmSetup): checks the card as
   * Stripe does and, when it is accepted, saves brand, last four digits and expiry — never the number.
   */
  async confirmSetupIntent(id: string, input: ConfirmSetupInput): Promise<ConfirmSetupResult> {
    const [row] = await this.db.select().from(localCardSetupIntents).where(eq(localCardSetupIntents.id, id));
    const secret = Buffer.from(input.client_secret);
    if (!row || secret.length !== row.clientSecret.length || !timingSafeEqual(secret, Buffer.from(row.clientSecret))) {
      return {
        ok: false,
        status: 404,
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${id}'` },
      };
    }
    if (row.status === 'succeeded') {
      return {
        ok: false,
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'setup_intent_unexpected_state',
          message:
            'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        },
      };
    }
    const now = this.clock.now();
    const invalid = checkCard(input, now);
    if (invalid) return invalid;
    const digits = input.number.replace(/[\s-]/g, '');
    const card = TEST_CARDS[digits];
    if (!card) {
      return {
        ok: false,
        status: 402,
        error: {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined. Your request was in test mode, but used a non test (live) card.',
        },
      };
    }
    if (card.decline) return { ok: false, status: 402, error: card.decline };

    const setupIntent = await this.inTransaction(async (tx, emit) => {
      const paymentMethodId = newId('pm');
      await tx.insert(localCardPaymentMethods).values({
        id: paymentMethodId,
        customerId: row.customerId,
        brand: card.brand,
        last4: digits.slice(-4),
        expMonth: input.exp_month,
        expYear: input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year,
        chargesFail: card.chargesFail ?? false,
        createdAt: now,
      });
      const [updated] = await tx
        .update(localCardSetupIntents)
        .set({ status: 'succeeded', paymentMethodId })
        .where(and(eq(localCardSetupIntents.id, id), sql`${localCardSetupIntents.status} <> 'succeeded'`))
        .returning();
      if (!updated) throw new AppError('CONFLICT', 'This setup was confirmed already.');
      const view = toSetupIntent(updated);
      await emit('setup_intent.succeeded', { setupIntent: view });
      return view;
    });
    return { ok: true, setupIntent };
  }

  async createSubscription(input: NewSubscription, idempotencyKey: string): Promise<SubscriptionView> {
    const [existing] = await this.db
      .select()
      .from(localCardSubscriptions)
      .where(eq(localCardSubscriptions.idempotencyKey, idempotencyKey));
    if (existing) return toSubscription(existing);
    await this.requireCustomer(this.db, input.customerId);
    const price = await this.prices(input.priceId);
    if (!price) throw new AppError('VALIDATION_FAILED', `No such price: '${input.priceId}'`);
    const interval = price.interval === 'year' ? 'year' : 'month';
    if (input.defaultPaymentMethodId) await this.requirePaymentMethod(input.customerId, input.defaultPaymentMethodId);
    const now = this.clock.now();
    const trialing = input.trialEnd !== undefined && input.trialEnd.getTime() > now.getTime();

    return this.inTransaction(async (tx, emit) => {
      const id = newId('sub');
      const [inserted] = await tx
        .insert(localCardSubscriptions)
        .values({
          id,
          customerId: input.customerId,
          priceId: input.priceId,
          amountCents: price.price,
          interval,
          status: trialing ? 'trialing' : 'incomplete',
          startedAt: now,
          trialEnd: trialing ? input.trialEnd! : null,
          currentPeriodEnd: trialing ? input.trialEnd! : now,
          defaultPaymentMethodId: input.defaultPaymentMethodId ?? null,
          metadata: input.metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: localCardSubscriptions.idempotencyKey })
        .returning();
      if (!inserted) {
        const [raced] = await tx
          .select()
          .from(localCardSubscriptions)
          .where(eq(localCardSubscriptions.idempotencyKey, idempotencyKey));
        return toSubscription(raced!);
      }
      let row = inserted;
      if (!trialing) row = await this.charge(tx, emit, row, now);
      await emit('customer.subscription.created', { subscription: toSubscription(row) });
      return toSubscription(row);
    });
  }

  async retrieveSubscription(id: string) {
    return toSubscription(await this.requireSubscription(id));
  }

  async cancelSubscription(id: string, _idempotencyKey: string) {
    const row = await this.requireSubscription(id);
    if (row.status === 'canceled') return toSubscription(row);
    return this.inTransaction(async (tx, emit) => {
      const [updated] = await tx
        .update(localCardSubscriptions)
        .set({ status: 'canceled', canceledAt: this.clock.now() })
        .where(and(eq(localCardSubscriptions.id, id), sql`${localCardSubscriptions.status} <> 'canceled'`))
        .returning();
      if (!updated) return toSubscription((await this.requireSubscription(id)) as SubscriptionRow);
      await emit('customer.subscription.deleted', { subscription: toSubscription(updated) });
      return toSubscription(updated);
    });
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentView> {
    const [invoice] = await this.db.select().from(localCardInvoices).where(eq(localCardInvoices.paymentIntentId, id));
    if (!invoice) throw new AppError('NOT_FOUND', `No such payment_intent: '${id}'`);
    return {
      id,
      status: invoice.status === 'paid' ? 'succeeded' : 'requires_payment_method',
      amountCents: invoice.amountCents,
      currency: 'usd',
      customerId: invoice.customerId,
    };
  }

  /** Signs a delivery as Stripe does: 't=<unix>,v1=<hex hmac-sha256 of "t.body">'. */
  signPayload(rawBody: string, at: Date = this.clock.now()): string {
    const t = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', this.webhookSecret).update(`${t}.${rawBody}`).digest('hex');
    return `t=${t},v1=${v1}`;
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent {
    const refuse = () => new AppError('VALIDATION_FAILED', 'The webhook signature is missing or does not match.');
    if (!signatureHeader) throw refuse();
    const parts = new Map<string, string[]>();
    for (const item of signatureHeader.split(',')) {
      const [key, value] = item.split('=', 2);
      if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
    }
    const t = Number(parts.get('t')?.[0]);
    if (!Number.isInteger(t)) throw refuse();
    if (Math.abs(this.clock.now().getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) throw refuse();
    const expected = createHmac('sha256', this.webhookSecret).update(`${t}.`).update(rawBody).digest();
    const matches = (parts.get('v1') ?? []).some((candidate) => {
      const given = Buffer.from(candidate, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!matches) throw refuse();
    try {
      return eventFromJson(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw refuse();
    }
  }

  /**
   * Time passing at the provider: trials that are over are charged (or fail), subscriptions due are
   * renewed, and any event not delivered yet is delivered. Every change is a conditional update, so
   * several instances ticking at once charge each period once.
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    let emitted = 0;
    const due = await this.db
      .select()
      .from(localCardSubscriptions)
      .where(
        and(
          inArray(localCardSubscriptions.status, ['trialing', 'active']),
          lte(localCardSubscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(localCardSubscriptions.currentPeriodEnd));
    for (const subscription of due) {
      emitted += await this.inTransaction(async (tx, emit) => {
        let row = subscription;
        let count = 0;
        // A clock moved by months catches up one period at a time, as Stripe would have billed them.
        for (
          let i = 0;
          i < 36 && (row.status === 'trialing' || row.status === 'active') && row.currentPeriodEnd <= now;
          i++
        ) {
          const [claimed] = await tx
            .update(localCardSubscriptions)
            .set({ status: 'incomplete' })
            .where(
              and(
                eq(localCardSubscriptions.id, row.id),
                eq(localCardSubscriptions.status, row.status),
                eq(localCardSubscriptions.currentPeriodEnd, row.currentPeriodEnd),
              ),
            )
            .returning();
          if (!claimed) break; // another instance took this period
          row = await this.charge(tx, emit, { ...claimed, status: row.status }, row.currentPeriodEnd);
          await emit('customer.subscription.updated', { subscription: toSubscription(row) });
          count += 2;
        }
        return count;
      });
    }
    await this.deliverPending();
    return emitted;
  }

  async moveDatesBack(clientId: number, days: number): Promise<void> {
    const shift = sql`${`${days} days`}::interval`;
    const customers = this.db
      .select({ id: localCardCustomers.id })
      .from(localCardCustomers)
      .where(eq(localCardCustomers.clientId, clientId));
    await this.db
      .update(localCardSubscriptions)
      .set({
        startedAt: sql`${localCardSubscriptions.startedAt} - ${shift}`,
        trialEnd: sql`${localCardSubscriptions.trialEnd} - ${shift}`,
        currentPeriodEnd: sql`${localCardSubscriptions.currentPeriodEnd} - ${shift}`,
      })
      .where(inArray(localCardSubscriptions.customerId, customers));
  }

  /** Delivers events that were not delivered (a crash between commit and delivery). */
  async deliverPending(): Promise<void> {
    if (!this.sink) return;
    const pending = await this.db
      .select()
      .from(localCardEvents)
      .where(isNull(localCardEvents.deliveredAt))
      .orderBy(asc(localCardEvents.createdAt), asc(localCardEvents.seq));
    for (const row of pending) {
      await this.sink(eventFromJson(row.payload));
      await this.db
        .update(localCardEvents)
        .set({ deliveredAt: this.clock.now() })
        .where(eq(localCardEvents.id, row.id));
    }
  }

  /** Bills one period from `periodStart`: paid moves the period on, a failing card makes it past_due. */
  private async charge(tx: Tx, emit: Emit, row: SubscriptionRow, periodStart: Date): Promise<SubscriptionRow> {
    const [method] = row.defaultPaymentMethodId
      ? await tx
          .select()
          .from(localCardPaymentMethods)
          .where(eq(localCardPaymentMethods.id, row.defaultPaymentMethodId))
      : [];
    const paid = method !== undefined && !method.chargesFail;
    const invoiceId = newId('in');
    await tx.insert(localCardInvoices).values({
      id: invoiceId,
      subscriptionId: row.id,
      customerId: row.customerId,
      paymentIntentId: newId('pi'),
      amountCents: row.amountCents,
      status: paid ? 'paid' : 'open',
      periodStart,
      createdAt: this.clock.now(),
    });
    const firstCharge = row.status === 'incomplete';
    const status = paid ? 'active' : firstCharge ? 'incomplete' : 'past_due';
    const [updated] = await tx
      .update(localCardSubscriptions)
      .set({ status, currentPeriodEnd: paid ? nextPeriodEnd(periodStart, row.interval) : row.currentPeriodEnd })
      .where(eq(localCardSubscriptions.id, row.id))
      .returning();
    await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', {
      invoiceId,
      subscriptionId: row.id,
      customerId: row.customerId,
      amountCents: row.amountCents,
    });
    return updated!;
  }

  /** Runs a change and records its events in one transaction, then delivers them. */
  private async inTransaction<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await this.db.transaction(async (tx) => {
      const emit: Emit = async (type, body) => {
        const event = { id: newId('evt'), type, created: this.clock.now(), ...body } as BillingEvent;
        ids.push(event.id);
        await tx.insert(localCardEvents).values({
          id: event.id,
          type,
          payload: eventToJson(event),
          createdAt: event.created,
        });
      };
      return work(tx, emit);
    });
    if (this.sink && ids.length > 0) {
      const rows = await this.db.select().from(localCardEvents).where(inArray(localCardEvents.id, ids));
      rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      for (const row of rows) {
        await this.sink(eventFromJson(row.payload));
        await this.db
          .update(localCardEvents)
          .set({ deliveredAt: this.clock.now() })
          .where(eq(localCardEvents.id, row.id));
      }
    }
    return result;
  }

  private async requireCustomer(db: Database | Tx, id: string) {
    const [row] = await db.select().from(localCardCustomers).where(eq(localCardCustomers.id, id));
    if (!row) throw new AppError('NOT_FOUND', `No such customer: '${id}'`);
    return row;
  }

  private async requirePaymentMethod(customerId: string, id: string) {
    const [row] = await this.db.select().from(localCardPaymentMethods).where(eq(localCardPaymentMethods.id, id));
    if (!row || row.customerId !== customerId) throw new AppError('NOT_FOUND', `No such PaymentMethod: '${id}'`);
    return row;
  }

  private async requireSubscription(id: string) {
    const [row] = await this.db.select().from(localCardSubscriptions).where(eq(localCardSubscriptions.id, id));
    if (!row) throw new AppError('NOT_FOUND', `No such subscription: '${id}'`);
    return row;
  }
}
