/** Business constants of the product (docs/product-rules.md). */

export const NOTIFICATION_DURATION_S = 5;
export const SESSION_LENGTH_HOURS = 4;
/** Delay before redirecting after login, sign-up, verification and reset. */
export const REDIRECT_DELAY_MS = 1000;

export const FREE_TRIAL_DAYS = 7;
/** A subscription cannot be cancelled before this many months. */
export const CANCEL_MIN_MONTHS = 2;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

/** Display names longer than this are cut. */
export const NAME_DISPLAY_MAX = 21;
/** ...to this many characters plus '...'. */
export const NAME_DISPLAY_CUT = 17;

export const PLAN_IDS = { ESSENTIAL: 4, GROWTH: 6, PREMIUM: 7, YEARLY: 9 } as const;
/** Plans shown on the landing page, in order. Plan 9 is loaded but never displayed. */
export const LANDING_PLAN_IDS: readonly number[] = [PLAN_IDS.ESSENTIAL, PLAN_IDS.GROWTH, PLAN_IDS.PREMIUM];
export const MONTHLY_PLAN_IDS: readonly number[] = [PLAN_IDS.GROWTH, PLAN_IDS.PREMIUM];
/** Plan type marking a subscription. */
export const SUBSCRIPTION_PLAN_TYPE = '5';
export const CENTS_PER_DOLLAR = 100;

export const PLAN_NAMES = {
  PRO_MONTHLY: 'Pro Monthly Membership',
  PREMIUM_MONTHLY: 'Premium Monthly Membership',
  IMPLEMENTERS_CLUB: "Implementer's Club",
} as const;
export const LIFETIME_DEAL_PLAN_NAME = PLAN_NAMES.PRO_MONTHLY;

export const TEMPLATE_CATEGORIES = [
  'Training',
  'Planning & Tracking Templates',
  'Process Checklists/Templates',
  'Project Plan Templates',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TRAINING_CATEGORY: TemplateCategory = 'Training';
/** Categories whose active templates appear in the landing page carousel. */
export const CAROUSEL_CATEGORIES: readonly TemplateCategory[] = [
  'Planning & Tracking Templates',
  'Process Checklists/Templates',
  'Project Plan Templates',
];

export const TEMPLATE_LINK_TYPES = ['IMAGE_LINK', 'TEMPLATE_LINK', 'VIDEO_LINK', 'SUPPORT_LINK'] as const;
export type TemplateLinkType = (typeof TEMPLATE_LINK_TYPES)[number];
/** link_text of the VIDEO_LINK entry that holds the video URL (sic). */
export const VIDEO_LINK_TEXT = 'viemo';
export const IMAGE_EXTENSION = '.jpeg';
export const TEMPLATE_IMAGES_PATH = '/images/templates';
export const DEFAULT_TEMPLATE_IMAGE = '/images/default-spreadsheet.jpeg';
export const NO_FILE_IMAGE = '/images/no-file.jpeg';
export const FREE_TAG = 'free';

/** The public template list shows one page with a hidden pagination control of this total. */
export const TEMPLATE_LIST_TOTAL = 250;
export const ADMIN_PAGE_SIZE = 10;
export const TEMPLATE_PAGE_SIZE_MAX = 100;
export const FEATURED_TEMPLATE_SLUG = 'project-planning-made-easy-with-5-simple-principles';

export const TEMPLATE_CAROUSEL = {
  SLIDES: 3,
  AUTOPLAY_MS: 2000,
  /** One slide below these widths. */
  SINGLE_SLIDE_BELOW: [768, 576],
} as const;
export const TESTIMONIAL_CAROUSEL = {
  SLIDES: 3,
  TWO_SLIDES_BELOW: 1360,
  ONE_SLIDE_BELOW: 800,
  AUTOPLAY_MS: 2000,
} as const;
export const FEATURE_TABS = { ROTATE_MS: 5000, REFRESH_MS: 2000 } as const;
/** The landing page fetches plans this long after it loads. */
export const PLANS_FETCH_DELAY_MS = 1000;
export const OAUTH_BUTTON_LOADING_MS = 3000;
/** The hero's phrases, 2.5 s each: hero.css draws the cycle for five of them. */
export const LANDING_ROTATING_PHRASES = [
  'Launch',
  '90-Day Plan',
  'Offer',
  'Operations Plan',
  'Client Delivery Plan',
] as const;

export const TOOLS = { ASANA: 1, CLICKUP: 2, MONDAY: 3, DOWNLOAD: 4 } as const;
export type ToolValue = (typeof TOOLS)[keyof typeof TOOLS];
export const DEFAULT_TOOL: ToolValue = TOOLS.ASANA;

export const DEFAULT_COUNTRY = 'United States';

/** AI planner (part 2). */
export const PLANNER = {
  WIZARD_STEPS: 5,
  GOAL_QUESTIONS: 6,
  SMART_PARTS: 5,
  MAX_PROJECTS: 5,
  PLAN_SECTIONS: 5,
  TASKS: 8,
  TASK_COLOR_GROUPS: 4,
  TASK_COLORS: ['blue', 'green', 'amber', 'purple'],
  PROGRESS_CAP: 98,
  PROGRESS_STEP: 0.5,
  JSON_RETRY_LIMIT: 3,
  PREVIOUS_QA_PAIRS: 5,
  SECTION_DELAY_MS: 800,
  TYPING_DELAY_MS: 200,
} as const;

/** Limits stated in the terms of use. */
export const TERMS = {
  AI_CREDITS_PRO: 50_000,
  AI_CREDITS_PREMIUM: 100_000,
  CHARGEBACK_REIMBURSE_DAYS: 10,
  ARBITRATION_THRESHOLD_USD: 25_000,
  CLAIM_WINDOW_YEARS: 1,
  MINIMUM_AGE: 18,
  CHILDREN_AGE: 13,
  EU_RESPONSE_DAYS: 30,
  GOVERNING_LAW: 'Missouri',
} as const;

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  /** The task tool's connection is missing or no longer accepted: connect it again (the session itself is fine). */
  'TOOL_NOT_CONNECTED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'RATE_LIMITED',
  /** Beyond what the server builds for one request (a file too large to prepare): 413. */
  'TOO_LARGE',
  'UPSTREAM_FAILED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What one member may ask of the server's heavy work (ADR 0040): refused calls answer 429 with Retry-After.
 * "Download my data" archives go one at a time; Word and Excel downloads are built a few at once.
 */
export const MEMBER_BUDGETS = {
  /** Archives of their data a member may ask for in 24 hours. */
  EXPORTS_PER_DAY: 3,
  /** Downloads (Word or Excel files of a copy or an AI plan) being prepared for one member at once. */
  DOWNLOADS_AT_ONCE: 2,
  /** Downloads one member may ask for in a minute. */
  DOWNLOADS_PER_MINUTE: 10,
  /**
   * Projects whose progress one member may have read back by Refresh in a minute, all their copies together (ADR
   * 0039): a Refresh reads every project its plan was sent to, each counting once. A read of a 300-task ClickUp plan
   * is 7 requests, so 10 keep a member's reads within ClickUp's 100 requests a minute.
   */
  REFRESHES_PER_MINUTE: 10,
  /**
   * AI planner answers being written for one member at once (ADR 0041): the wizard asks for two at once (the ideas
   * and the projects). Their pace is the provider's, their total the month's AI credits.
   */
  PLANNER_RUNS_AT_ONCE: 2,
  /** E-mails with a link to delete the account one member may ask for in a minute (each one is mail we send). */
  DELETION_LINKS_PER_MINUTE: 3,
  /**
   * Checks of a member's stored connection to a task tool in a minute (each one is a call to the tool, before a
   * sending that asks no new consent, ADR 0043).
   */
  CONNECTION_CHECKS_PER_MINUTE: 10,
  /** Team invitations one member may send in an hour (each one is an e-mail to someone who did not ask for it). */
  INVITATIONS_PER_HOUR: 10,
} as const;

/** Files an admin may upload: images for the card, a spreadsheet for the plan. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'xlsx'] as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Minutes a signed upload URL stays valid. */
export const UPLOAD_URL_MINUTES = 15;
