/** The Goal Clarity Wizard's questions and choices (docs/product-rules.md, AI planner). */

export const OTHER = 'Other';

export const INDUSTRIES = [
  'Coaching & Consulting',
  'E-commerce & Retail',
  'Professional Services',
  'Health & Wellness',
  'Real Estate',
  'Marketing & Creative Services',
  'Technology & Software',
  'Education & Training',
  'Food & Hospitality',
  'Construction & Home Services',
  OTHER,
] as const;

/** Help areas with their sub-options (5 to 9 each, ending with Other). */
export const HELP_AREAS = {
  'Marketing & Lead Generation': [
    'Social media marketing',
    'Email marketing',
    'Content marketing & SEO',
    'Paid advertising',
    'Referral & partnership programs',
    'Brand & messaging',
    OTHER,
  ],
  'Sales & Revenue Growth': [
    'Sales process & pipeline',
    'Pricing & offers',
    'Launching a new product or service',
    'Upselling & client retention',
    'Sales scripts & follow-up',
    OTHER,
  ],
  'Operations & Systems': [
    'Standard operating procedures',
    'Automation & tools',
    'Client onboarding',
    'Project management',
    'Inventory & supply chain',
    'Quality control',
    OTHER,
  ],
  'Team & Hiring': [
    'Hiring & recruiting',
    'Onboarding & training',
    'Delegation & roles',
    'Performance & accountability',
    'Contractors & virtual assistants',
    OTHER,
  ],
  'Finance & Cash Flow': [
    'Budgeting & forecasting',
    'Cash flow management',
    'Bookkeeping & reporting',
    'Reducing costs',
    'Funding & investment',
    OTHER,
  ],
  'Customer Experience': ['Customer service', 'Client delivery', 'Feedback & reviews', 'Loyalty & community', OTHER],
} as const satisfies Record<string, readonly string[]>;
export type HelpArea = keyof typeof HELP_AREAS;
export const HELP_AREA_NAMES = Object.keys(HELP_AREAS) as HelpArea[];

export const HELP_TYPES = ['Action Plan', 'Standard Operating Procedure'] as const;

/** The six questions, in order. */
export const GOAL_QUESTIONS = {
  industry: 'What industry is your business in?',
  products_services: 'What products or services do you offer, and to whom?',
  help_needed: 'What do you need help with right now?',
  specific_problem: 'What specific problem or goal do you want to tackle?',
  success_measure: 'How will you know it worked? (a number, a date, a result)',
  help_type: 'What would help you most?',
} as const;

/** The goal form answers (docs/product-rules.md, AI planner). */
export interface GoalFormAnswers {
  industry: string;
  industry_other: string;
  products_services: string;
  help_needed: string;
  help_needed_subcategory: string;
  help_needed_other: string;
  specific_problem: string;
  success_measure: string;
  help_type: string;
}

/** Separates the help area from its sub-option in goal_or_problem. */
export const AREA_SEPARATOR = ' — ';

/** The request fields the six answers become. */
export function answersToRequest(a: GoalFormAnswers) {
  const industry = a.industry === OTHER ? a.industry_other.trim() || OTHER : a.industry;
  const sub = a.help_needed_subcategory === OTHER ? a.help_needed_other.trim() || OTHER : a.help_needed_subcategory;
  return {
    industry,
    target_audience: a.products_services.trim(),
    goal_or_problem: `${a.help_needed}${AREA_SEPARATOR}${sub}`,
    challenges: a.specific_problem.trim(),
    outcome_importance: a.success_measure.trim(),
    solution: a.help_type,
  };
}
