import { join, resolve } from 'node:path';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@dpp/shared';
import { type AdapterChoices, adapterChoices } from '../config/adapter-choices';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { AiProvider } from '../ports/ai.port';
import type { Crm } from '../ports/crm.port';
import type { Mailer } from '../ports/mail.port';
import type { Payments } from '../ports/payments.port';
import type { SocialSignIn } from '../ports/social.port';
import type { UploadStorage } from '../ports/storage.port';
import type { TaskToolAdapter, TaskToolName } from '../ports/task-tool.port';
import { LocalCardPayments, LocalOrderPayments, localMailer, type PriceCatalog, sandboxProvider } from '../stand-ins';
import { offlineProvider } from './ai/ai.offline';
import { openAiProvider } from './ai/ai.openai';
import { activeCampaignCrm } from './crm/crm.activecampaign';
import { localCrm } from './crm/crm.local';
import { smtpMailer } from './mail/mail.smtp';
import { paypalOneTimePayments } from './payments/payments.paypal';
import { stripeCardPayments } from './payments/payments.stripe';
import { socialSignIn } from './social-sign-in/social.oauth';
import { localStorage, signingSecret, UploadSigner } from './storage/storage.local';
import { s3Storage } from './storage/storage.s3';
import { asanaAdapter, asanaEndpoints } from './task-tools/asana';
import { clickupAdapter, clickupEndpoints } from './task-tools/clickup';
import { mondayAdapter, mondayEndpoints } from './task-tools/monday';

export { type AdapterChoices, adapterChoices } from '../config/adapter-choices';

/** Every outside service the app uses, each behind its port. Modules receive these and never build their own. */
export interface Adapters {
  /** Which implementation runs behind each port, as the configuration chose it. */
  readonly choices: AdapterChoices;
  readonly mail: Mailer;
  readonly payments: Payments;
  readonly storage: UploadStorage;
  readonly crm: Crm;
  readonly ai: AiProvider;
  /** The sign-in providers on offer; one without keys in production is missing. */
  readonly socialSignIn: Partial<Record<SocialProvider, SocialSignIn>>;
  readonly taskTools: Record<TaskToolName, TaskToolAdapter>;
}

/** Ports to run instead of the ones the configuration chooses: the doubles of tests. */
export type AdapterOverrides = Partial<Omit<Adapters, 'choices'>>;

interface AdapterContext {
  config: Config;
  db: Database;
  /** The billing clock: the local payment providers date their objects by it. */
  clock: Clock;
  /** The plans' prices by their Stripe id, which the local card provider bills (app.ts hands the plans module's). */
  prices: PriceCatalog;
  /** Derives the sandbox sign-in provider's client secret. */
  encryptionKey: Buffer;
  /** Where this server reaches itself: the sandbox sign-in provider's token and profile endpoints. */
  serverBase: () => string;
}

/** Builds each port's implementation as `adapterChoices` decided, unless the caller gives one. */
export function buildAdapters(context: AdapterContext, overrides: AdapterOverrides = {}): Adapters {
  const choices = adapterChoices(context.config);
  return {
    choices,
    mail: overrides.mail ?? mailer(context, choices),
    payments: overrides.payments ?? payments(context, choices),
    storage: overrides.storage ?? storage(context, choices),
    crm: overrides.crm ?? crm(context, choices),
    ai: overrides.ai ?? ai(context, choices),
    socialSignIn: overrides.socialSignIn ?? socialSignInProviders(context, choices),
    taskTools: overrides.taskTools ?? taskTools(context, choices),
  };
}

function mailer({ config, db }: AdapterContext, choices: AdapterChoices): Mailer {
  return choices.mail === 'smtp' ? smtpMailer(db, config.SMTP_URL!, config.MAIL_FROM) : localMailer(db);
}

function payments({ config, db, clock, prices }: AdapterContext, choices: AdapterChoices): Payments {
  const localCards =
    choices.cards === 'local' ? new LocalCardPayments(db, clock, config.BILLING_LOCAL_WEBHOOK_SECRET, prices) : null;
  const localOrders = choices.orders === 'local' ? new LocalOrderPayments(db, clock) : null;
  return {
    cards:
      localCards ??
      stripeCardPayments({
        secretKey: config.STRIPE_SECRET_KEY,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      }),
    orders:
      localOrders ??
      paypalOneTimePayments({
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        ...(config.PAYPAL_API_BASE ? { apiBase: config.PAYPAL_API_BASE } : {}),
      }),
    ...((localCards || localOrders) && { sandbox: { cards: localCards, orders: localOrders } }),
  };
}

function storage({ config }: AdapterContext, choices: AdapterChoices): UploadStorage {
  if (choices.storage === 's3') {
    return {
      files: s3Storage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      }),
    };
  }
  const signer = new UploadSigner(signingSecret(config));
  const dir = config.UPLOADS_DIR ?? join(resolve(config.DATA_DIR), 'uploads');
  return { files: localStorage(dir, signer), signer };
}

function crm({ config, db }: AdapterContext, choices: AdapterChoices): Crm {
  if (choices.crm === 'local') return localCrm(db);
  return activeCampaignCrm({
    apiUrl: config.ACTIVECAMPAIGN_API_URL!,
    apiKey: config.ACTIVECAMPAIGN_API_KEY!,
    toolkitTagId: config.ACTIVECAMPAIGN_TOOLKIT_TAG_ID,
    digipremiumTagId: config.ACTIVECAMPAIGN_DIGIPREMIUM_TAG_ID,
    listId: config.ACTIVECAMPAIGN_LIST_ID,
  });
}

function ai({ config }: AdapterContext, choices: AdapterChoices): AiProvider {
  if (choices.ai === 'offline') return offlineProvider(config.AI_OFFLINE_DELAY_MS);
  return openAiProvider({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY!,
    model: config.AI_MODEL,
    azureApiVersion: config.AI_AZURE_API_VERSION,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

function socialSignInProviders({ config, encryptionKey, serverBase }: AdapterContext, choices: AdapterChoices) {
  const clients: Partial<Record<SocialProvider, SocialSignIn>> = {};
  const origin = new URL(config.PUBLIC_URL).origin;
  const keys: Record<SocialProvider, { clientId: string; clientSecret: string }> = {
    google: { clientId: config.GOOGLE_CLIENT_ID ?? '', clientSecret: config.GOOGLE_CLIENT_SECRET ?? '' },
    facebook: { clientId: config.FACEBOOK_CLIENT_ID ?? '', clientSecret: config.FACEBOOK_CLIENT_SECRET ?? '' },
  };
  for (const provider of SOCIAL_PROVIDERS) {
    const redirectUri = `${origin}/api/identity/oauth/${provider}/callback`;
    const choice = choices.socialSignIn[provider];
    if (choice === 'real') {
      clients[provider] = socialSignIn({ provider, kind: 'real', ...keys[provider], redirectUri });
    } else if (choice === 'sandbox') {
      const sandbox = sandboxProvider({ provider, encryptionKey, browserBase: origin, serverBase });
      clients[provider] = socialSignIn({ provider, kind: 'sandbox', redirectUri, ...sandbox });
    }
  }
  return clients;
}

function taskTools({ config }: AdapterContext, choices: AdapterChoices): Record<TaskToolName, TaskToolAdapter> {
  /** The OAuth app of a tool the vendor serves; none sends the adapter to the tool's simulator. */
  const vendor = (tool: TaskToolName, clientId?: string, clientSecret?: string) =>
    choices.taskTools[tool] === 'vendor' ? { clientId: clientId!, clientSecret: clientSecret! } : undefined;
  const { PUBLIC_URL: publicUrl } = config;
  return {
    asana: asanaAdapter(
      asanaEndpoints(publicUrl, vendor('asana', config.ASANA_CLIENT_ID, config.ASANA_CLIENT_SECRET)),
      {},
      { requestsPerMinute: config.ASANA_REQUESTS_PER_MINUTE },
    ),
    clickup: clickupAdapter(
      clickupEndpoints(publicUrl, vendor('clickup', config.CLICKUP_CLIENT_ID, config.CLICKUP_CLIENT_SECRET)),
    ),
    monday: mondayAdapter(
      mondayEndpoints(publicUrl, vendor('monday', config.MONDAY_CLIENT_ID, config.MONDAY_CLIENT_SECRET)),
    ),
  };
}
