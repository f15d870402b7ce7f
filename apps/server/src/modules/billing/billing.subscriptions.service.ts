import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  canCancelSubscription,
  isPremiumPlanId,
  SUBSCRIPTION_PLAN_TYPE,
  subscriptionState,
  subscriptionType,
  trialEndsAt,
  trialInfoText,
} from '@dpp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BillingEvent, CardPaymentsPort, SetupIntentView, SubscriptionView } from '../../ports/payments.port';
import type { ClientRow } from '../clients';
import { clients } from '../clients';
import { findPlan, findPrice, type PriceRow } from '../plans';
import {
  type Db,
  findCustomer,
  findSubscription,
  liveSubscriptions,
  saveCustomer,
  upsertSubscription,
} from './billing.repository';
import { billingCustomers, billingPayments, billingProcessedEvents } from './billing.tables';

interface SubscriptionsDependencies {
  db: Database;
  cards: CardPaymentsPort;
  clock: Clock;
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function stateOf(client: ClientRow, now: Date) {
  return subscriptionState(
    {
      is_subscribed: client.isSubscribed,
      has_used_free_trial: client.hasUsedFreeTrial,
      trial_start: seconds(client.trialStart),
      trial_end: seconds(client.trialEnd),
    },
    now.getTime() / 1000,
  );
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * The membership rules: who may start a trial, subscribe or cancel, and how the client record follows the
 * card provider. The client's is_subscribed, has_used_free_trial, trial dates and plan_name change only here
 * (and, in the sandbox, the clock of billing.sandbox.ts moves the dates).
 */
export function subscriptionsService({ db, cards, clock }: SubscriptionsDependencies) {
  async function requirePrice(priceId: string, type?: 'month' | 'year'): Promise<PriceRow> {
    const price = await findPrice(db, priceId);
    if (!price || price.planType !== SUBSCRIPTION_PLAN_TYPE || price.priceCents <= 0) {
      throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.UNKNOWN_PRICE);
    }
    if (type !== undefined && type !== subscriptionType(price.planId)) {
      throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.WRONG_SUBSCRIPTION_TYPE);
    }
    return price;
  }

  async function ensureCustomer(client: ClientRow): Promise<string> {
    const existing = await findCustomer(db, client.id, cards.kind);
    if (existing) return existing.providerCustomerId;
    const created = await cards.createCustomer({ email: client.email, clientId: client.id }, `customer-${client.id}`);
    return (await saveCustomer(db, client.id, cards.kind, created.id)).providerCustomerId;
  }

  /** A setup the client confirmed with the provider, for their own customer. */
  async function confirmedSetup(client: ClientRow, setupIntentId: string): Promise<SetupIntentView> {
    const customer = await findCustomer(db, client.id, cards.kind);
    const setup = await cards.retrieveSetupIntent(setupIntentId).catch(() => null);
    if (!setup || !customer || setup.customerId !== customer.providerCustomerId) {
      throw new AppError('NOT_FOUND', 'No such card setup for this account.');
    }
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(BILLING_MESSAGES.SETUP_NOT_COMPLETE);
    return setup;
  }

  /**
   * Brings the client record in line with its live subscriptions: a paid one makes the client '2', a
   * trialing one '1'; with none left a paid client goes back to no subscription.
   */
  async function syncClient(tx: Db, clientId: number): Promise<void> {
    const live = await liveSubscriptions(tx, clientId);
    const paid = live.find((s) => s.status !== 'trialing');
    const current = paid ?? live[0];
    if (current) {
      const plan = await findPlan(tx, current.planId);
      await tx
        .update(clients)
        .set({
          isSubscribed: paid ? '2' : '1',
          planName: plan?.membershipName ?? '',
          ...(!paid && current.trialEnd && { trialEnd: current.trialEnd }),
        })
        .where(eq(clients.id, clientId));
      return;
    }
    await tx
      .update(clients)
      .set({ isSubscribed: '', planName: '' })
      .where(and(eq(clients.id, clientId), eq(clients.isSubscribed, '2')));
  }

  async function applySubscription(
    tx: Db,
    clientId: number,
    planId: number,
    view: SubscriptionView,
    setupIntentId?: string,
  ) {
    const row = await upsertSubscription(tx, {
      provider: cards.kind,
      providerSubscriptionId: view.id,
      clientId,
      planId,
      priceId: view.priceId,
      status: view.status,
      startedAt: view.startedAt,
      trialEnd: view.trialEnd,
      currentPeriodEnd: view.currentPeriodEnd,
      canceledAt: view.status === 'canceled' ? clock.now() : null,
      ...(setupIntentId && { setupIntentId }),
    });
    await syncClient(tx, clientId);
    return row;
  }

  /** Ends no-card trials that are over. One conditional statement: safe with several instances. */
  async function endDueTrials(): Promise<number> {
    const now = clock.now();
    const ended = await db
      .update(clients)
      .set({ isSubscribed: '', planName: '' })
      .where(
        and(
          eq(clients.isSubscribed, '1'),
          sql`${clients.trialEnd} <= ${now.toISOString()}`,
          sql`not exists (select 1 from billing_subscriptions s where s.client_id = "clients"."id" and s.status in ('trialing', 'active', 'past_due'))`,
        ),
      )
      .returning({ id: clients.id });
    return ended.length;
  }

  return {
    endDueTrials,

    publishKey() {
      return { publish_key: cards.publishableKey(), provider: cards.kind };
    },

    async createSetupIntent(client: ClientRow, input: { price_id: string; subscription_type: 'month' | 'year' }) {
      const price = await requirePrice(input.price_id, input.subscription_type);
      const customerId = await ensureCustomer(client);
      const setup = await cards.createSetupIntent(
        {
          customerId,
          metadata: { client_id: String(client.id), price_id: price.priceId, plan_id: String(price.planId) },
        },
        `setup-${client.id}-${randomUUID()}`,
      );
      return { client_secret: setup.clientSecret, setup_intent_id: setup.id };
    },

    /** The 7-day trial without a card: ours alone, no provider object. */
    async startNoCardTrial(client: ClientRow, planId: number) {
      const plan = await findPlan(db, planId);
      if (!plan) throw new AppError('NOT_FOUND', 'No such plan.');
      if (plan.type !== SUBSCRIPTION_PLAN_TYPE || isPremiumPlanId(plan.id))
        throw conflict(BILLING_MESSAGES.NO_TRIAL_FOR_PLAN);
      if (client.hasUsedFreeTrial) throw conflict(BILLING_MESSAGES.TRIAL_USED);
      if (client.isSubscribed !== '' || (await liveSubscriptions(db, client.id)).length > 0) {
        throw conflict(BILLING_MESSAGES.ALREADY_SUBSCRIBED);
      }
      const now = clock.now();
      const trialEnd = trialEndsAt(now);
      const [started] = await db
        .update(clients)
        .set({ isSubscribed: '1', hasUsedFreeTrial: true, trialStart: now, trialEnd, planName: plan.membershipName })
        .where(and(eq(clients.id, client.id), eq(clients.hasUsedFreeTrial, false), eq(clients.isSubscribed, '')))
        .returning();
      // Two tabs at once: only one of them starts the trial.
      if (!started) throw conflict(BILLING_MESSAGES.TRIAL_USED);
      return { is_free_trial: true, trial_end: seconds(trialEnd)! };
    },

    /** A card added during the trial: a provider subscription that starts charging when the trial ends. */
    async addPaymentDuringTrial(
      client: ClientRow,
      input: { price_id: string; setup_intent_id: string; subscription_type: 'month' | 'year' },
    ) {
      const now = clock.now();
      if (stateOf(client, now) !== 'trial' || !client.trialEnd || client.trialEnd <= now) {
        throw conflict(BILLING_MESSAGES.NOT_ON_TRIAL);
      }
      const price = await requirePrice(input.price_id, input.subscription_type);
      const setup = await confirmedSetup(client, input.setup_intent_id);
      const live = await liveSubscriptions(db, client.id);
      if (live.some((s) => s.setupIntentId !== input.setup_intent_id))
        throw conflict(BILLING_MESSAGES.ALREADY_SUBSCRIBED);
      const view = await cards.createSubscription(
        {
          customerId: setup.customerId,
          priceId: price.priceId,
          defaultPaymentMethodId: setup.paymentMethodId!,
          trialEnd: client.trialEnd,
          metadata: { client_id: String(client.id), price_id: price.priceId, plan_id: String(price.planId) },
        },
        `trial-card-${setup.id}`,
      );
      await db.transaction((tx) => applySubscription(tx, client.id, price.planId, view, setup.id));
      return { error_message: null, subscription_id: view.id };
    },

    async createSubscription(client: ClientRow, input: { price_id: string; setup_intent_id: string }) {
      const price = await requirePrice(input.price_id);
      const setup = await confirmedSetup(client, input.setup_intent_id);
      const live = await liveSubscriptions(db, client.id);
      const replay = live.find((s) => s.setupIntentId === setup.id);
      if (replay) {
        const plan = await findPlan(db, replay.planId);
        return {
          subscription_id: replay.providerSubscriptionId,
          status: replay.status,
          plan_name: plan?.membershipName ?? '',
        };
      }
      if (stateOf(client, clock.now()) === 'trial') throw conflict(BILLING_MESSAGES.NOT_SUBSCRIBED_TRIAL);
      if (live.some((s) => s.priceId === price.priceId)) throw conflict(BILLING_MESSAGES.ALREADY_SUBSCRIBED);
      const view = await cards.createSubscription(
        {
          customerId: setup.customerId,
          priceId: price.priceId,
          defaultPaymentMethodId: setup.paymentMethodId!,
          metadata: { client_id: String(client.id), price_id: price.priceId, plan_id: String(price.planId) },
        },
        `subscription-${setup.id}`,
      );
      await db.transaction((tx) => applySubscription(tx, client.id, price.planId, view, setup.id));
      if (view.status !== 'active') throw new AppError('PAYMENT_REQUIRED', 'Your card was declined.');
      // A change of plan: the earlier subscription ends now that the new one is paid.
      for (const old of live) {
        const ended = await cards.cancelSubscription(
          old.providerSubscriptionId,
          `switch-${old.providerSubscriptionId}`,
        );
        await db.transaction((tx) => applySubscription(tx, client.id, old.planId, ended));
      }
      return {
        subscription_id: view.id,
        status: view.status,
        plan_name: (await findPlan(db, price.planId))!.membershipName,
      };
    },

    /** Records a payment the browser reports, after checking it with the provider. */
    async savePayment(client: ClientRow, reference: string) {
      const customer = await findCustomer(db, client.id, cards.kind);
      let kind: 'setup_intent' | 'payment_intent';
      let amountCents = 0;
      if (reference.startsWith('seti_')) {
        await confirmedSetup(client, reference);
        kind = 'setup_intent';
      } else {
        const intent = await cards.retrievePaymentIntent(reference).catch(() => null);
        if (!intent || !customer || intent.customerId !== customer.providerCustomerId) {
          throw new AppError('NOT_FOUND', 'No such payment for this account.');
        }
        if (intent.status !== 'succeeded') throw conflict('The payment has not succeeded.');
        kind = 'payment_intent';
        amountCents = intent.amountCents;
      }
      await db
        .insert(billingPayments)
        .values({ clientId: client.id, providerReference: reference, kind, amountCents })
        .onConflictDoNothing();
      return { saved: true };
    },

    trialInfo(client: ClientRow) {
      const now = clock.now();
      return {
        data: trialInfoText({
          state: stateOf(client, now),
          planName: client.planName,
          trialEnd: seconds(client.trialEnd),
        }),
      };
    },

    async cancelTrial(client: ClientRow) {
      if (client.isSubscribed !== '1') throw conflict(BILLING_MESSAGES.NOT_ON_TRIAL);
      const trialing = (await liveSubscriptions(db, client.id)).filter((s) => s.status === 'trialing');
      for (const sub of trialing) {
        const ended = await cards.cancelSubscription(
          sub.providerSubscriptionId,
          `cancel-${sub.providerSubscriptionId}`,
        );
        await upsertSubscription(db, { ...sub, status: ended.status, canceledAt: clock.now() });
      }
      const now = clock.now();
      const [ended] = await db
        .update(clients)
        .set({ isSubscribed: '', planName: '', trialEnd: now })
        .where(and(eq(clients.id, client.id), eq(clients.isSubscribed, '1')))
        .returning();
      return { data: ended !== undefined };
    },

    async cancelSubscription(client: ClientRow) {
      const live = (await liveSubscriptions(db, client.id)).filter((s) => s.status !== 'trialing');
      if (client.isSubscribed !== '2' || live.length === 0) throw conflict(BILLING_MESSAGES.NOT_SUBSCRIBED);
      const now = clock.now();
      const earliest = live.reduce((a, b) => (a.startedAt < b.startedAt ? a : b));
      if (!canCancelSubscription(earliest.startedAt, now))
        throw conflict(BILLING_MESSAGES.CANCEL_SUBSCRIPTION_TOO_EARLY);
      for (const sub of live) {
        const ended = await cards.cancelSubscription(
          sub.providerSubscriptionId,
          `cancel-${sub.providerSubscriptionId}`,
        );
        await db.transaction((tx) => applySubscription(tx, client.id, sub.planId, ended));
      }
      return { data: true };
    },

    /**
     * An account being deleted: every live subscription (trial or paid) ends at the provider now, whatever its
     * age (the two-month rule is about changing one's mind, not about leaving), and our copy says so.
     */
    async endAllForAccountDeletion(clientId: number) {
      for (const sub of await liveSubscriptions(db, clientId)) {
        const ended = await cards.cancelSubscription(
          sub.providerSubscriptionId,
          `cancel-${sub.providerSubscriptionId}`,
        );
        await upsertSubscription(db, { ...sub, status: ended.status, canceledAt: clock.now() });
      }
    },

    /**
     * One provider event, processed once: the event id is recorded in the same transaction as its effect,
     * so a replay (or two instances receiving it) changes nothing. Returns whether it was processed now.
     */
    async handleEvent(event: BillingEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(billingProcessedEvents)
          .values({ eventId: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (!fresh) return false;
        if (!('subscription' in event)) return true;
        const view = event.subscription;
        const ours = await findSubscription(tx, cards.kind, view.id);
        let clientId = ours?.clientId;
        let planId = ours?.planId;
        if (clientId === undefined) {
          // Created elsewhere (a provider dashboard) or delivered before our own write: the metadata says whose.
          const [customer] = await tx
            .select()
            .from(billingCustomers)
            .where(
              and(eq(billingCustomers.provider, cards.kind), eq(billingCustomers.providerCustomerId, view.customerId)),
            );
          clientId = customer?.clientId;
          planId = (await findPrice(tx, view.priceId))?.planId;
        }
        if (clientId === undefined || planId === undefined) return true;
        await applySubscription(tx, clientId, planId, view);
        return true;
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
