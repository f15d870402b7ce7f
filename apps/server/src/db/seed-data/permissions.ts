import { PLAN_IDS } from '@dpp/shared';

interface SeedPermission {
  type: 'ROUTE' | 'FEATURE';
  name: string;
  header: string;
  /** Plans that show it; the others hide it. */
  shownTo: number[];
}

const PAID = [PLAN_IDS.GROWTH, PLAN_IDS.PREMIUM, PLAN_IDS.YEARLY];
const PREMIUM = [PLAN_IDS.PREMIUM, PLAN_IDS.YEARLY];
const ALL = [PLAN_IDS.ESSENTIAL, ...PAID];

/** Which plan sees which feature: the starting point admins adjust on /permission-settings. */
export const SEED_PERMISSIONS: SeedPermission[] = [
  { type: 'ROUTE', name: 'ai/generate', header: 'AI Planner', shownTo: PAID },
  { type: 'ROUTE', name: 'membership-area', header: 'Members Area', shownTo: PREMIUM },
  { type: 'FEATURE', name: 'ai-planner', header: 'AI Planner', shownTo: PAID },
  { type: 'FEATURE', name: 'ai-download', header: 'Download AI plans', shownTo: PAID },
  { type: 'FEATURE', name: 'premium-templates', header: 'Premium Templates', shownTo: PAID },
  { type: 'FEATURE', name: 'private-community', header: 'Private Community', shownTo: PREMIUM },
  { type: 'ROUTE', name: 'myAccount', header: 'My Account', shownTo: ALL },
];
