import { env } from '../config/env';

/** A mail draft to the support address, with an optional subject. Kept apart from the antd buttons that use it. */
export const supportMailto = (subject?: string): string =>
  subject ? `mailto:${env.SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}` : `mailto:${env.SUPPORT_EMAIL}`;
