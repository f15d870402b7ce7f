import { TASK_TOOLS } from '../ports/task-tool.port';
import { adapterChoices } from './adapter-choices';
import { type Config, DEVELOPMENT_PEPPER } from './env';

/**
 * What keeps this configuration from serving real customers: a missing secret, or a local adapter that
 * would fake a real service (free subscriptions, uploads into a simulator, mail nobody receives).
 * Empty when ready. The offline planner and the local CRM are real implementations and stay allowed;
 * Google and Facebook sign-in are simply unavailable without their keys.
 */
export function productionProblems(config: Config): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, message: string) => {
    if (!ok) problems.push(message);
  };
  // The adapters this configuration would run, as the app chooses them.
  const adapters = adapterChoices(config);
  need(config.PUBLIC_URL.startsWith('https://'), 'PUBLIC_URL: must be an https:// address');
  need(config.DATABASE_URL, 'DATABASE_URL: production runs on PostgreSQL (the embedded database is one process)');
  need(adapters.mail === 'smtp', 'SMTP_URL: without it e-mail stays in the local outbox');
  need(
    adapters.cards === 'stripe',
    'STRIPE_SECRET_KEY (+ STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): cards would be simulated',
  );
  // Test-mode keys and PayPal's sandbox take no real money: a configuration that looks complete but is not.
  need(
    !/^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY) && !config.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_'),
    'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: test-mode keys (sk_test_, pk_test_) take no real payments; use the live ones',
  );
  need(adapters.orders === 'paypal', 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: purchases would be simulated');
  if (adapters.orders === 'paypal') {
    need(
      config.PAYPAL_API_BASE && !new URL(config.PAYPAL_API_BASE).hostname.includes('sandbox'),
      'PAYPAL_API_BASE: empty (or a sandbox address) means PayPal’s sandbox; set https://api-m.paypal.com',
    );
  }
  for (const tool of TASK_TOOLS) {
    const setting = tool.toUpperCase();
    need(
      adapters.taskTools[tool] === 'vendor',
      `${setting}_CLIENT_ID, ${setting}_CLIENT_SECRET: uploads would go to the simulator`,
    );
  }
  need(
    config.TOKEN_ENCRYPTION_KEY,
    'TOKEN_ENCRYPTION_KEY: encrypts task-tool tokens; every instance needs the same one',
  );
  need(
    config.IDENTITY_ENCRYPTION_KEY,
    'IDENTITY_ENCRYPTION_KEY: encrypts two-factor secrets; every instance needs the same one',
  );
  need(
    adapters.storage === 's3' || config.STORAGE_SIGNING_SECRET,
    'S3_BUCKET (or STORAGE_SIGNING_SECRET for disk storage): uploaded files',
  );
  need(config.LIFETIME_DEAL_CODE_PEPPER !== DEVELOPMENT_PEPPER, 'LIFETIME_DEAL_CODE_PEPPER: a secret of its own');
  need(config.METRICS_TOKEN, 'METRICS_TOKEN: without it /metrics would answer anyone');
  need(config.ADMIN_PASSWORD, 'ADMIN_PASSWORD: the first administrator’s password (never printed in production)');
  return problems;
}
