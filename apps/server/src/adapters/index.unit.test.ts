import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import type { Database } from '../db/client';
import { systemClock } from '../lib/clock';
import type { Mailer } from '../ports/mail.port';
import type { TaskToolName } from '../ports/task-tool.port';
import { type AdapterChoices, type AdapterOverrides, adapterChoices, buildAdapters } from '.';

/** Building touches no database: each implementation only keeps the handle for its calls. */
const db = {} as Database;
const PUBLIC_URL = 'https://planner.example.com';

function adaptersOf(env: Record<string, string>, overrides?: AdapterOverrides) {
  const config = loadConfig({ PUBLIC_URL, STORAGE_SIGNING_SECRET: 's'.repeat(40), ...env });
  return buildAdapters(
    {
      config,
      db,
      clock: systemClock,
      prices: async () => undefined,
      encryptionKey: Buffer.alloc(32, 1),
      serverBase: () => 'http://127.0.0.1:1',
    },
    overrides,
  );
}

const REAL = {
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_test_51Abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  PAYPAL_CLIENT_ID: 'client-id',
  PAYPAL_CLIENT_SECRET: 'client-secret',
  PAYPAL_API_BASE: 'https://api-m.paypal.com',
  S3_BUCKET: 'dpp-files',
  ACTIVECAMPAIGN_API_URL: 'https://acme.api-us1.com',
  ACTIVECAMPAIGN_API_KEY: 'ac-key',
  AI_API_KEY: 'sk-ai',
  GOOGLE_CLIENT_ID: 'google-id',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  FACEBOOK_CLIENT_ID: 'facebook-id',
  FACEBOOK_CLIENT_SECRET: 'facebook-secret',
  ASANA_CLIENT_ID: 'asana-id',
  ASANA_CLIENT_SECRET: 'asana-secret',
  CLICKUP_CLIENT_ID: 'clickup-id',
  CLICKUP_CLIENT_SECRET: 'clickup-secret',
  MONDAY_CLIENT_ID: 'monday-id',
  MONDAY_CLIENT_SECRET: 'monday-secret',
};

type Built = ReturnType<typeof adaptersOf>;

/** Where a tool adapter sends the browser to authorize: the vendor's host, or 'simulator'. */
function authorizeHost(adapters: Built, tool: TaskToolName) {
  const link = adapters.taskTools[tool].authorizeUrl({ state: 's', redirectUri: 'https://r', codeChallenge: 'c' });
  const url = new URL(link);
  return url.pathname.startsWith(`/sandbox/${tool}/`) ? 'simulator' : url.hostname;
}

/** What the built adapters are, in the words of the choices. */
function running(adapters: Built): AdapterChoices {
  const tool = (name: TaskToolName) => (authorizeHost(adapters, name) === 'simulator' ? 'simulator' : 'vendor');
  const signIn = (provider: 'google' | 'facebook') => adapters.socialSignIn[provider]?.kind ?? 'unavailable';
  return {
    mail: adapters.mail.kind,
    cards: adapters.payments.cards.kind,
    orders: adapters.payments.orders.kind,
    storage: adapters.storage.files.kind,
    crm: adapters.crm.kind,
    ai: adapters.ai.kind,
    socialSignIn: { google: signIn('google'), facebook: signIn('facebook') },
    taskTools: { asana: tool('asana'), clickup: tool('clickup'), monday: tool('monday') },
  };
}

describe('the adapters', () => {
  it('are all local with nothing configured, the local payment providers with their sandbox capability', () => {
    const adapters = adaptersOf({});
    expect(adapters.choices).toEqual({
      mail: 'local',
      cards: 'local',
      orders: 'local',
      storage: 'local',
      crm: 'local',
      ai: 'offline',
      socialSignIn: { google: 'sandbox', facebook: 'sandbox' },
      taskTools: { asana: 'simulator', clickup: 'simulator', monday: 'simulator' },
    });
    expect(running(adapters)).toEqual(adapters.choices);
    expect(adapters.payments.sandbox?.cards).toBe(adapters.payments.cards);
    expect(adapters.payments.sandbox?.orders).toBe(adapters.payments.orders);
    expect(adapters.storage.signer).toBeDefined();
  });

  it('are the real services when their settings are complete, with no sandbox capability', () => {
    const adapters = adaptersOf(REAL);
    expect(adapters.choices).toEqual({
      mail: 'smtp',
      cards: 'stripe',
      orders: 'paypal',
      storage: 's3',
      crm: 'activecampaign',
      ai: 'openai',
      socialSignIn: { google: 'real', facebook: 'real' },
      taskTools: { asana: 'vendor', clickup: 'vendor', monday: 'vendor' },
    });
    expect(running(adapters)).toEqual(adapters.choices);
    expect(adapters.payments.cards.publishableKey()).toBe('pk_test_51Abc');
    expect(adapters.payments.orders.clientId()).toBe('client-id');
    expect(adapters.payments.sandbox).toBeUndefined();
    expect(adapters.storage.signer).toBeUndefined();
    expect(authorizeHost(adapters, 'asana')).toBe('app.asana.com');
    expect(authorizeHost(adapters, 'clickup')).toBe('app.clickup.com');
    expect(authorizeHost(adapters, 'monday')).toBe('auth.monday.com');
  });

  it('keep a local payment provider beside a real one, and its sandbox capability alone', () => {
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = REAL;
    const { payments } = adaptersOf({ STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET });
    expect(payments.cards.kind).toBe('stripe');
    expect(payments.orders.kind).toBe('local');
    expect(payments.sandbox).toEqual({ cards: null, orders: payments.orders });
  });

  it('leave a sign-in provider without keys out in production, and use a tool’s simulator until its secret is set', () => {
    const production = adapterChoices(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'google-id' }));
    expect(production.socialSignIn).toEqual({ google: 'unavailable', facebook: 'unavailable' });
    const adapters = adaptersOf({ NODE_ENV: 'production', ASANA_CLIENT_ID: 'asana-id' });
    expect(adapters.socialSignIn).toEqual({});
    expect(adapters.choices.taskTools.asana).toBe('simulator');
    expect(running(adapters)).toEqual(adapters.choices);
  });

  it('take a given port instead of the configured one, and only that one', () => {
    const mail: Mailer = { kind: 'smtp', send: async () => {} };
    const adapters = adaptersOf({}, { mail });
    expect(adapters.mail).toBe(mail);
    expect(adapters.choices.mail).toBe('local');
    expect(adapters.payments.cards.kind).toBe('local');
  });
});
