import type { FastifyInstance } from 'fastify';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients';
import { randomSecret } from './identity.crypto';

/**
 * Makes sure the first administrator exists. Without ADMIN_PASSWORD a password is generated and
 * written to the log once, when the account is created; it is never stored in clear.
 */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const email = app.config.ADMIN_EMAIL.toLowerCase();
  const password = app.config.ADMIN_PASSWORD ?? `Aa1!${randomSecret(9)}`.replace(/[-_]/g, 'x');
  const { user, created } = await app.identity.createConfirmedUser(email, password, {
    givenName: 'Admin',
    familyName: 'User',
  });
  const client = await ensureClient(app.db, email, user.username);
  await grantAuthority(app.db, client.id, ROLE_ADMIN);
  if (created && !app.config.ADMIN_PASSWORD) {
    // Shown once on the console, outside the structured log, which never carries secrets.
    process.stdout.write(
      `\nAdministrator created: ${email} / ${password}\nSign in and change this password; it is not shown again.\n\n`,
    );
  }
}
