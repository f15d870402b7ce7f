import { centsToAmount } from '@dpp/shared/rules/billing';

/** An amount in cents as the admin tabs show it: 4900 -> "$49.00". */
export const money = (cents: number) => `$${centsToAmount(cents)}`;
