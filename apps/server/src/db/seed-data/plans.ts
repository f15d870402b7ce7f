import { PLAN_IDS, PLAN_NAMES, SUBSCRIPTION_PLAN_TYPE } from '@dpp/shared';

interface SeedPlan {
  id: number;
  name: string;
  description: string;
  type: string;
  membershipName: string;
  prices: { price: number; stripePriceId: string; interval: 'month' | 'year' }[];
  meta: string[];
}

/** The four plans the product refers to by id. Prices are in cents. */
export const SEED_PLANS: SeedPlan[] = [
  {
    id: PLAN_IDS.ESSENTIAL,
    name: 'Essential',
    description: 'Start planning with free templates and upload them to your task tool.',
    type: '1',
    membershipName: 'Essential Membership',
    prices: [{ price: 0, stripePriceId: 'price_dpp_essential_free', interval: 'month' }],
    meta: [
      'Free project plan templates',
      'Upload plans to Asana, ClickUp or monday.com',
      'Step-by-step upload wizard',
      'Help center and e-mail support',
    ],
  },
  {
    id: PLAN_IDS.GROWTH,
    name: 'Growth',
    description: 'The AI planner and the full template library for growing businesses.',
    type: SUBSCRIPTION_PLAN_TYPE,
    membershipName: PLAN_NAMES.PRO_MONTHLY,
    prices: [{ price: 2900, stripePriceId: 'price_dpp_growth_monthly', interval: 'month' }],
    meta: [
      'Everything in Essential',
      'AI planner: SMART goal, projects, success plan and task list',
      '50,000 AI credits per month',
      'All premium project plan templates',
      'Download plans as Word or Excel files',
      'Priority e-mail support',
    ],
  },
  {
    id: PLAN_IDS.PREMIUM,
    name: 'Premium',
    description: 'Everything in Growth, plus a private community and expert insights.',
    type: SUBSCRIPTION_PLAN_TYPE,
    membershipName: PLAN_NAMES.PREMIUM_MONTHLY,
    prices: [{ price: 7900, stripePriceId: 'price_dpp_premium_monthly', interval: 'month' }],
    meta: [
      'Everything in Growth',
      '100,000 AI credits per month',
      'Private community of business owners',
      'Expert insights and live Q&A calls',
      'Members area with training videos',
      'Project management course',
    ],
  },
  {
    id: PLAN_IDS.YEARLY,
    name: 'Premium Yearly',
    description: 'Premium, billed once a year.',
    type: SUBSCRIPTION_PLAN_TYPE,
    membershipName: 'Premium Yearly Membership',
    prices: [{ price: 79000, stripePriceId: 'price_dpp_premium_yearly', interval: 'year' }],
    meta: ['Everything in Premium', 'Two months free compared with monthly billing'],
  },
];
