import { z } from 'zod';

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
  /** The address users reach the app at; used in e-mails and OAuth redirects. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Requests per minute from one address to the identity routes (sign-in, sign-up, codes). */
  IDENTITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
});

export type Config = Readonly<z.infer<typeof EnvSchema>>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment, reporting every invalid key at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return Object.freeze(result.data);
}
