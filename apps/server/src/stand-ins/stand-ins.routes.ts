import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './providers/mail/mailbox.routes';
import { mailboxAgeRoutes } from './providers/mail/mailbox-age.routes';
import { sandboxPaymentsRoutes } from './providers/payments/payments.sandbox.routes';
import { sandboxSignInRoutes } from './providers/social-sign-in/social.sandbox.routes';
import type { SandboxRecords } from './sandbox-records';
import { registerSimulators } from './simulators/simulators.routes';

export interface StandInOptions {
  /** Derives the sandbox sign-in provider's client secret. */
  encryptionKey: Buffer;
  /** The billing tick: the local provider's time passing, then the no-card trials that are over ending. */
  tick: () => Promise<{ providerEvents: number; trialsEnded: number }>;
  records: SandboxRecords;
}

/**
 * Mounts the pages and routes of every stand-in the adapters chose, never in production: the simulators of
 * the task tools, the local mailbox, the local payment providers' sandbox and the sandbox sign-in provider.
 * Called once the modules are registered (the sandbox routes use their decorations).
 */
export async function registerStandIns(
  app: FastifyInstance,
  { encryptionKey, tick, records }: StandInOptions,
): Promise<void> {
  const { config, adapters } = app;
  if (config.NODE_ENV === 'production') return;
  // First: the simulators' latency holds for every /sandbox/ route mounted after it.
  await registerSimulators(app);
  // The mailbox shows every reset link: a sandbox tool, never next to a real mail server.
  if (adapters.mail.kind === 'local') {
    await app.register(mailboxRoutes);
    await app.register(mailboxAgeRoutes, { records });
  }
  const { sandbox } = adapters.payments;
  if (sandbox) await app.register(sandboxPaymentsRoutes, { sandbox, tick, records });
  // The sandbox sign-in provider stands in for Google or Facebook without keys (never chosen in production).
  if (Object.values(adapters.choices.socialSignIn).includes('sandbox')) {
    await app.register(sandboxSignInRoutes, { encryptionKey, publicUrl: config.PUBLIC_URL });
  }
}
