import type { SocialProvider } from '@dpp/shared';
import type { AiProvider } from '../ports/ai.port';
import type { Crm } from '../ports/crm.port';
import type { Mailer } from '../ports/mail.port';
import type { CardPaymentsPort, OneTimePaymentsPort } from '../ports/payments.port';
import type { FileStorage } from '../ports/storage.port';
import type { TaskToolName } from '../ports/task-tool.port';
import type { Config } from './env';

/**
 * Which implementation runs behind each port. Building the adapters (adapters/index.ts), mounting the
 * stand-ins and the production check (config/production.ts) all read this one answer, so they cannot
 * disagree about it.
 */
export interface AdapterChoices {
  mail: Mailer['kind'];
  cards: CardPaymentsPort['kind'];
  orders: OneTimePaymentsPort['kind'];
  storage: FileStorage['kind'];
  crm: Crm['kind'];
  ai: AiProvider['kind'];
  /** 'unavailable': no keys in production, where the sandbox provider never stands in. */
  socialSignIn: Record<SocialProvider, 'real' | 'sandbox' | 'unavailable'>;
  /** 'simulator': the tool's local simulator under /sandbox/<tool>. */
  taskTools: Record<TaskToolName, 'vendor' | 'simulator'>;
}

const both = (a: string | undefined, b: string | undefined) => Boolean(a && b);

/** The real service wherever its settings are complete, else the local implementation. Reads nothing but the config. */
export function adapterChoices(config: Config): AdapterChoices {
  const signIn = (clientId?: string, clientSecret?: string) =>
    both(clientId, clientSecret) ? 'real' : config.NODE_ENV === 'production' ? 'unavailable' : 'sandbox';
  const tool = (clientId?: string, clientSecret?: string) => (both(clientId, clientSecret) ? 'vendor' : 'simulator');
  return {
    mail: config.SMTP_URL ? 'smtp' : 'local',
    // The configuration check refuses a secret key without the publishable key and webhook secret.
    cards: config.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    orders: both(config.PAYPAL_CLIENT_ID, config.PAYPAL_CLIENT_SECRET) ? 'paypal' : 'local',
    storage: config.S3_BUCKET ? 's3' : 'local',
    crm: both(config.ACTIVECAMPAIGN_API_URL, config.ACTIVECAMPAIGN_API_KEY) ? 'activecampaign' : 'local',
    ai: config.AI_API_KEY ? 'openai' : 'offline',
    socialSignIn: {
      google: signIn(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
      facebook: signIn(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET),
    },
    taskTools: {
      asana: tool(config.ASANA_CLIENT_ID, config.ASANA_CLIENT_SECRET),
      clickup: tool(config.CLICKUP_CLIENT_ID, config.CLICKUP_CLIENT_SECRET),
      monday: tool(config.MONDAY_CLIENT_ID, config.MONDAY_CLIENT_SECRET),
    },
  };
}
