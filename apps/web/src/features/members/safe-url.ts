import { isSafeLink } from '@dpp/shared/rules/templates';

/** Only the links the catalogue accepts become links: web addresses and this site's paths (never javascript: or data:). */
export function safeUrl(url: string): string | undefined {
  return isSafeLink(url) ? url : undefined;
}
