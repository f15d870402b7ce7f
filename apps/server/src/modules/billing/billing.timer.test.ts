import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, GOOD_CARD, signedInUser, type TestContext } from '../../../test/helpers';
import { ensureClient, findClientByEmail } from '../clients/clients.repository';

/** The app with its own billing timer running every second, as a server does (every minute by default). */
let ctx: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  ctx = await buildTestApp({ BILLING_TICK_SECONDS: '1', LOG_LEVEL: 'debug' }, { write: (line) => logLines.push(line) });
});

const ticksDone = () => logLines.filter((line) => line.includes('"msg":"billing tick done"')).length;

/** Waits until the timer has run `count` more ticks to their end. */
async function ticksPass(count: number) {
  const seen = ticksDone();
  await expect.poll(ticksDone, { interval: 100 }).toBeGreaterThanOrEqual(seen + count);
}
afterAll(async () => {
  await ctx.close();
});

type Auth = Record<string, string>;
const post = (url: string, payload: object, headers: Auth = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

async function trialUser(email: string) {
  const { auth, username } = await signedInUser(ctx.app, email);
  const client = await ensureClient(ctx.app.db, email);
  const trial = await post('/api/stripe/no-credit-card-trial', { client_id: client.id, plan_id: 6 }, auth);
  expect(trial.statusCode).toBe(200);
  return { auth, username, email };
}

/** Seven days pass for the account; only the dates move, the timer has to notice. */
async function sevenDaysPass(email: string) {
  const res = await post('/sandbox/billing/clock', { email, days: 7, tick: false });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ shifted_days: 7, trials_ended: 0, provider_events: 0 });
}

/** The stored subscription state, read from the database: no request reaches the site. */
async function stored(email: string) {
  const client = await findClientByEmail(ctx.app.db, email);
  return { isSubscribed: client?.isSubscribed, planName: client?.planName };
}

describe('the billing timer', () => {
  it('ends a no-card trial and converts a trial with a card after 7 days, with nobody on the site', async () => {
    const noCard = await trialUser('timer-no-card@example.com');
    const withCard = await trialUser('timer-card@example.com');
    const intent = await post(
      '/api/stripe/create-setup-intent',
      { price_id: 'price_dpp_growth_monthly', client_id: withCard.username, subscription_type: 'month' },
      withCard.auth,
    );
    const { client_secret, setup_intent_id } = intent.json() as { client_secret: string; setup_intent_id: string };
    const confirm = await post(`/sandbox/cards/setup-intents/${setup_intent_id}/confirm`, {
      client_secret,
      ...GOOD_CARD,
    });
    expect(confirm.statusCode).toBe(200);
    const add = await post(
      '/api/stripe/add-payment-during-trial',
      {
        client_id: withCard.username,
        price_id: 'price_dpp_growth_monthly',
        setup_intent_id,
        subscription_type: 'month',
      },
      withCard.auth,
    );
    expect(add.statusCode).toBe(200);

    // A couple of ticks inside the trial change nothing.
    await ticksPass(2);
    expect(await stored(noCard.email)).toEqual({ isSubscribed: '1', planName: 'Pro Monthly Membership' });
    expect(await stored(withCard.email)).toEqual({ isSubscribed: '1', planName: 'Pro Monthly Membership' });

    await sevenDaysPass(noCard.email);
    await sevenDaysPass(withCard.email);
    await expect.poll(() => stored(noCard.email), { interval: 200 }).toEqual({ isSubscribed: '', planName: '' });
    await expect
      .poll(() => stored(withCard.email), { interval: 200 })
      .toEqual({ isSubscribed: '2', planName: 'Pro Monthly Membership' });
  });
});
