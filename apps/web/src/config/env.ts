/**
 * Public, non-secret settings of the web app, read once from Vite's VITE_ variables.
 * Never put a secret here: everything in this file ships to the browser.
 */
const read = (value: string | undefined, fallback: string): string => (value && value.trim() !== '' ? value : fallback);

export const env = Object.freeze({
  SUPPORT_EMAIL: read(import.meta.env.VITE_SUPPORT_EMAIL, 'support@digitalprojectplanner.com'),
  COMPANY_NAME: 'Digital Project Planner',
  COMPANY_ADDRESS: read(
    import.meta.env.VITE_COMPANY_ADDRESS,
    '1200 Main Street, Suite 400, Kansas City, MO 64105, United States',
  ),
  /** Scheduling page for live walkthroughs and Q&A calls. */
  SCHEDULING_URL: read(import.meta.env.VITE_SCHEDULING_URL, 'https://calendly.com/digitalprojectplanner/walkthrough'),
  BLOG_URL: read(import.meta.env.VITE_BLOG_URL, 'https://blog.digitalprojectplanner.com'),
  HIRE_AN_EXPERT_URL: read(import.meta.env.VITE_HIRE_AN_EXPERT_URL, 'https://digitalprojectplanner.com/hire-an-expert'),
  SERVICES_URL: read(import.meta.env.VITE_SERVICES_URL, 'https://digitalprojectplanner.com/services'),
  COMMUNITY_URL: read(import.meta.env.VITE_COMMUNITY_URL, 'https://community.digitalprojectplanner.com'),
  /** Referral tool script id; empty loads no referral script. */
  REFERRAL_SCRIPT_ID: read(import.meta.env.VITE_REFERRAL_SCRIPT_ID, ''),
  /** The members' private Slack channel (invitation link). */
  SLACK_URL: read(import.meta.env.VITE_SLACK_URL, 'https://join.slack.com/t/digitalprojectplanner/shared_invite'),
});
