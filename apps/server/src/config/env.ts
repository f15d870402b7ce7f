import { isIP } from 'node:net';
import { z } from 'zod';

/** An optional value (a secret or any text); an empty string counts as unset. */
const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
 * none by default, so a client cannot pick its own address to get round rate limits or into the audit log.
 * A number trusts that many hops (1 behind one load balancer); a list trusts those addresses or ranges.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (!/^\d+$/.test(value) && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, a hop count from 1 to 10, or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify ignores a bare hop count (it cannot check the peer), so a
 * count becomes a function trusting that many hops: only right when the server cannot be reached but
 * through its proxies (a private network behind the load balancer).
 */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** The lifetime-deal pepper's default: fine on a laptop, refused by a production server (production.ts). */
export const DEVELOPMENT_PEPPER = 'dpp-local-lifetime-deal-pepper';

/**
 * Every setting of the server, read once from the environment. Defaults make `npm start` work with
 * nothing set: PGlite in ./data and the local adapters.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when set, PGlite is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The address users reach the app at; used in e-mails and OAuth redirects. Unset: derived from HOST and PORT. */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One access line per this many successful, quick reads (1: every read); every other request is logged. */
  ACCESS_LOG_READ_SAMPLE: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Folder of the built web app; empty means the default next to the server build. */
  WEB_DIST_DIR: z.string().optional(),
  /** Seconds a cached catalogue read (plans, templates) is reused before it is read again. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** SMTP server for outgoing mail (smtp://user:pass@host:587); empty keeps mail in the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Digital Project Planner <no-reply@digitalprojectplanner.com>'),
  SUPPORT_EMAIL: z.email().default('support@digitalprojectplanner.com'),
  /** The first administrator, created at start when missing; without a password one is generated and logged once. */
  ADMIN_EMAIL: z.email().default('admin@digitalprojectplanner.com'),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Proxies believed about the client address: empty (none), a hop count, or addresses/CIDR ranges. */
  TRUST_PROXY: TrustProxySchema,
  /**
   * Seconds a stopping instance waits for requests in flight and running jobs before it exits anyway (code 1).
   * Keep it below the orchestrator's grace period (Docker's stop_grace_period, Kubernetes'
   * terminationGracePeriodSeconds), so the instance exits on its own and says why.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Requests per minute from one address to each identity route; signed-in reads take ten times as many. */
  IDENTITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Redis for rate-limit counters shared by instances (redis://host:6379); without it PostgreSQL or memory is used. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** 'true' lets NODE_ENV=production start with local adapters and default secrets: benchmarks and staging only. */
  PRODUCTION_ALLOW_SANDBOX: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; empty leaves it open in development and test, and production needs it. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Simulators' limits per token (the vendors' documented figures by default; tests lower them). */
  SANDBOX_ASANA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(150),
  /** Added before every simulator answer, as a real tool's network and processing time. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(5_000_000),
  /** OAuth apps of the task tools; a tool without a client id uses its local simulator under /sandbox/<tool>. */
  ASANA_CLIENT_ID: optionalText,
  ASANA_CLIENT_SECRET: optionalText,
  /**
   * What the Asana adapter sends per token and minute, every batch action counting (Asana's free domain
   * allows 150; a paid domain 1,500): paced below it rather than refused, as Asana gives no remaining count.
   */
  ASANA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(150),
  CLICKUP_CLIENT_ID: optionalText,
  CLICKUP_CLIENT_SECRET: optionalText,
  MONDAY_CLIENT_ID: optionalText,
  MONDAY_CLIENT_SECRET: optionalText,
  /** 32 bytes (64 hex characters or base64) encrypting task-tool tokens; required in production. */
  TOKEN_ENCRYPTION_KEY: optionalText,
  /**
   * How often the progress of a plan sent to a task tool is read back, in minutes (a member's Refresh reads it at
   * once); 0 stops the scheduled reads.
   */
  PROGRESS_READ_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(360),
  /** How often an instance looks for queued jobs, in milliseconds; 0 stops the background worker. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** How long a claimed job stays ours without renewal before another instance may take it over. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** A failed job attempt is retried after 2, 4, 8 ... times this many milliseconds (at most 5 minutes). */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** Threads building Word, Excel and zip files off the event loop; 0: one per core (ADR 0040). */
  WORKER_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /** How long one such file may take to build, in seconds, before it is given up (ADR 0040). */
  WORKER_TASK_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Heap of each of those threads, in MB: a file that needs more is refused as too large (ADR 0040). */
  WORKER_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(256),
  /** Stripe secret key (sk_… or a restricted rk_…); empty keeps cards and subscriptions on the local provider. */
  STRIPE_SECRET_KEY: optionalKey(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
  /** Stripe publishable key (pk_…) for the browser's card form. */
  STRIPE_PUBLISHABLE_KEY: optionalKey(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)'),
  /** Signing secret (whsec_…) of the Stripe webhook endpoint. */
  STRIPE_WEBHOOK_SECRET: optionalKey(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)'),
  /** PayPal REST app client id; empty keeps one-time purchases on the local provider. */
  PAYPAL_CLIENT_ID: z.string().trim().default(''),
  /** The web build's referral script id, read here too: the security policy allows the referral tool's host only when set. */
  VITE_REFERRAL_SCRIPT_ID: z.string().trim().default(''),
  PAYPAL_CLIENT_SECRET: z.string().trim().default(''),
  /** PayPal REST API; empty means the sandbox (https://api-m.sandbox.paypal.com); https://api-m.paypal.com is live. */
  PAYPAL_API_BASE: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  /** Seconds between billing ticks (trial ends, renewals of the local card provider); 0 turns the timer off. */
  BILLING_TICK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Signing secret of the local card provider's webhook deliveries (sandbox only, not a Stripe secret). */
  BILLING_LOCAL_WEBHOOK_SECRET: z.string().min(16).default('whsec_local_sandbox_signing_secret'),
  /** Folder of uploaded files when no S3 bucket is set; empty means DATA_DIR/uploads. */
  UPLOADS_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Secret that signs local upload URLs; without it one is generated once into DATA_DIR (production must set it). */
  STORAGE_SIGNING_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** S3-compatible bucket for uploads; when empty, files stay on the local disk. */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Endpoint of a non-AWS S3 service (MinIO, R2…); empty means AWS. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Hosts whose video player pages are framed in the app (comma-separated host names); the
   * Content-Security-Policy allows only these.
   */
  VIDEO_HOST: z
    .string()
    .trim()
    .default('')
    .transform((value) => (value || 'player.vimeo.com').split(',').map((host) => host.trim().toLowerCase()))
    .refine(
      (hosts) => hosts.every((host) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)),
      'must be host names, comma-separated (player.vimeo.com)',
    ),
  /** Public base URL of the bucket's files; when set, images are sent from there instead of through this server. */
  S3_PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** ActiveCampaign account API address (https://<account>.api-us1.com); empty keeps the CRM in the local database. */
  ACTIVECAMPAIGN_API_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ACTIVECAMPAIGN_API_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** ActiveCampaign tag ids marking toolkit buyers and digipremium students, and the list new contacts join. */
  ACTIVECAMPAIGN_TOOLKIT_TAG_ID: z.string().optional(),
  ACTIVECAMPAIGN_DIGIPREMIUM_TAG_ID: z.string().optional(),
  ACTIVECAMPAIGN_LIST_ID: z.string().optional(),
  /** Q&A questions one signed-in user may send per hour through /email/send-email. */
  SUPPORT_QUESTIONS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Secret mixed into the hash of lifetime-deal codes (HMAC-SHA-256); set a long random value in production. */
  LIFETIME_DEAL_CODE_PEPPER: z.string().min(16).default(DEVELOPMENT_PEPPER),
  /** 32 bytes (base64 or hex) that encrypt the TOTP secrets; required in production, else kept in DATA_DIR. */
  IDENTITY_ENCRYPTION_KEY: optionalText,
  /** Google sign-in (OAuth client of type 'Web application'); empty uses the sandbox provider outside production. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Facebook sign-in (app id and secret); empty uses the sandbox provider outside production. */
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  /** OpenAI-compatible endpoint (OpenAI, Azure OpenAI resource, Ollama, vLLM); empty means api.openai.com. */
  AI_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Key of the AI endpoint; without one the offline planner answers. */
  AI_API_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Model (or Azure deployment) name. */
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Azure OpenAI api-version; when set, AI_BASE_URL is the Azure resource endpoint. */
  AI_AZURE_API_VERSION: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Milliseconds between words of the offline planner's stream (its reading pace); 0 streams at once. */
  AI_OFFLINE_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(60),
  /** Monthly AI credits of trial users and of anyone else the planner lets in without a paid plan. */
  AI_CREDITS_TRIAL: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  /** Lifetime of a plan download link. */
  AI_DOWNLOAD_LINK_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
});

/** An optional secret: empty, or of the provider's form. */
function optionalKey(pattern: RegExp, message: string) {
  return z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || pattern.test(value), message);
}

/** A payment provider is configured whole or not at all: half a setup would only fail at the first payment. */
function paymentSettingsComplete(env: z.infer<typeof EnvSchema>, ctx: z.RefinementCtx) {
  const missingStripe = (['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((key) => !env[key]);
  if (env.STRIPE_SECRET_KEY && missingStripe.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: `is set, so ${missingStripe.join(' and ')} must be set too`,
    });
  }
  if (!!env.PAYPAL_CLIENT_ID !== !!env.PAYPAL_CLIENT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: [env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'],
      message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    });
  }
}

/** A port chosen at start (PORT=0) is unknown here, so no address can be derived from it. */
function publicUrlDerivable(env: z.infer<typeof EnvSchema>, ctx: z.RefinementCtx) {
  if (!env.PUBLIC_URL && env.PORT === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'must be set when PORT is 0 (the port is only known once listening)',
    });
  }
}

/**
 * Where a browser on this machine reaches the server: a wildcard HOST (every interface) is reached as
 * localhost, a named one as itself.
 */
function listeningUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Checks between settings, run after each setting is valid on its own. */
const CheckedEnvSchema = EnvSchema.superRefine(paymentSettingsComplete)
  .superRefine(publicUrlDerivable)
  // Unset, PUBLIC_URL follows the listen address, so `PORT=3105 npm start` gives links on :3105.
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? listeningUrl(env.HOST, env.PORT) }));

export type Config = Readonly<z.output<typeof CheckedEnvSchema>>;

/** The line said at start when PUBLIC_URL was derived, so a wrong address is noticed before a link is mailed. */
export function derivedPublicUrlNotice(
  config: Config,
  source: Record<string, string | undefined> = process.env,
): string | undefined {
  if (source.PUBLIC_URL) return undefined;
  return `PUBLIC_URL is not set: links and task-tool connect steps use ${config.PUBLIC_URL} (set PUBLIC_URL to the address users reach)`;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment, reporting every invalid key at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = CheckedEnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return Object.freeze(result.data);
}
