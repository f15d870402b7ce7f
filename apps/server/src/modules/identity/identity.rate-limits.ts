import type { Config } from '../../config/env';

/** Read routes may take this many times the identity limit. */
const READ_FACTOR = 10;

/**
 * Per-address limits of the identity routes, each route counted on its own. Reads behind a session
 * (the web app asks for the current user on every page load) get a looser cap: still a ceiling on a
 * flood from one address, without tripping the people behind one shared address (an office, a NAT).
 */
export function identityRateLimits(config: Pick<Config, 'IDENTITY_RATE_LIMIT_PER_MINUTE'>) {
  const max = config.IDENTITY_RATE_LIMIT_PER_MINUTE;
  return {
    rateLimit: { max, timeWindow: '1 minute' },
    readRateLimit: { max: max * READ_FACTOR, timeWindow: '1 minute' },
  };
}
