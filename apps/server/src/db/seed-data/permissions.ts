import { MY_PLANS_PERMISSION, PLAN_IDS, TEAM_PERMISSION } from '@dpp/shared';

interface SeedPermission {
  type: 'ROUTE' | 'FEATURE';
  name: string;
  header: string;
  /** Plans that show it; the others hide it. */
  shownTo: number[];
  /** For a permission that counts: each plan's limit (a plan left out: no limit). */
  limits?: Partial<Record<number, number>>;
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
  // Plan copies a member keeps in My Plans: a few without a membership, a working set with one (a trial is held to
  // MY_PLANS_TRIAL_LIMIT by the rule).
  {
    type: MY_PLANS_PERMISSION.type,
    name: MY_PLANS_PERMISSION.name,
    header: 'My Plans (plan copies kept)',
    shownTo: ALL,
    limits: {
      [PLAN_IDS.ESSENTIAL]: 3,
      [PLAN_IDS.GROWTH]: 100,
      [PLAN_IDS.PREMIUM]: 100,
      [PLAN_IDS.YEARLY]: 100,
    },
  },
  // Teammates a member may invite to their plans (pending invitations included): one to try it without a
  // membership, a small team with one.
  {
    type: TEAM_PERMISSION.type,
    name: TEAM_PERMISSION.name,
    header: 'Team (teammates on My Plans)',
    shownTo: ALL,
    limits: {
      [PLAN_IDS.ESSENTIAL]: 1,
      [PLAN_IDS.GROWTH]: 5,
      [PLAN_IDS.PREMIUM]: 10,
      [PLAN_IDS.YEARLY]: 10,
    },
  },
];
