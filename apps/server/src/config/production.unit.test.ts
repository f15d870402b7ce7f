import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { productionProblems } from './production';

const READY = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://app.example.com',
  DATABASE_URL: 'postgres://dpp@db:5432/dpp',
  SMTP_URL: 'smtp://mail:587',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  PAYPAL_CLIENT_ID: 'paypal-id',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_API_BASE: 'https://api-m.paypal.com',
  ASANA_CLIENT_ID: 'a',
  ASANA_CLIENT_SECRET: 'a',
  CLICKUP_CLIENT_ID: 'c',
  CLICKUP_CLIENT_SECRET: 'c',
  MONDAY_CLIENT_ID: 'm',
  MONDAY_CLIENT_SECRET: 'm',
  TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
  IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  S3_BUCKET: 'dpp-files',
  LIFETIME_DEAL_CODE_PEPPER: 'a-pepper-of-its-own-2026',
  ADMIN_PASSWORD: 'Admin#Prod2026',
  METRICS_TOKEN: 'a-scrape-secret-of-its-own',
};

describe('production readiness', () => {
  it('has nothing to say about a complete production configuration', () => {
    expect(productionProblems(loadConfig(READY))).toEqual([]);
  });

  it('names every local adapter and default secret of an empty configuration at once', () => {
    const problems = productionProblems(loadConfig({ NODE_ENV: 'production' }));
    for (const setting of [
      'PUBLIC_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'PAYPAL_CLIENT_ID',
      'ASANA_CLIENT_ID',
      'CLICKUP_CLIENT_ID',
      'MONDAY_CLIENT_ID',
      'TOKEN_ENCRYPTION_KEY',
      'IDENTITY_ENCRYPTION_KEY',
      'S3_BUCKET',
      'LIFETIME_DEAL_CODE_PEPPER',
      'ADMIN_PASSWORD',
      'METRICS_TOKEN',
    ]) {
      expect(problems.some((p) => p.startsWith(setting))).toBe(true);
    }
  });

  it('refuses test-mode Stripe keys and PayPal’s sandbox, which take no real money', () => {
    const problemsWith = (env: Record<string, string>) => productionProblems(loadConfig({ ...READY, ...env }));
    expect(problemsWith({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY.*test-mode/),
    ]);
    expect(problemsWith({ STRIPE_SECRET_KEY: 'rk_test_abc' })).toHaveLength(1);
    expect(problemsWith({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toHaveLength(1);
    expect(problemsWith({ PAYPAL_API_BASE: '' })).toEqual([expect.stringMatching(/^PAYPAL_API_BASE/)]);
    expect(problemsWith({ PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' })).toHaveLength(1);
  });

  it('refuses to start without METRICS_TOKEN, since /metrics would answer anyone', () => {
    const { METRICS_TOKEN: _, ...withoutToken } = READY;
    expect(productionProblems(loadConfig(withoutToken))).toEqual([expect.stringMatching(/^METRICS_TOKEN/)]);
  });

  it('accepts disk storage with a signing secret instead of S3', () => {
    const { S3_BUCKET: _, ...withoutS3 } = READY;
    expect(productionProblems(loadConfig({ ...withoutS3, STORAGE_SIGNING_SECRET: 's'.repeat(40) }))).toEqual([]);
    expect(productionProblems(loadConfig(withoutS3))).toHaveLength(1);
  });
});
