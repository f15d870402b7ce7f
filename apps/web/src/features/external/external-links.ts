import { env } from '../../config/env';

/** Pages that live on other sites (README: VITE_*_URL), by the path of this site that opens them. */
export const EXTERNAL_PAGES: Record<string, { title: string; url: string }> = {
  '/blog': { title: 'Blog', url: env.BLOG_URL },
  '/hire-an-expert': { title: 'Hire an Expert', url: env.HIRE_AN_EXPERT_URL },
  '/services': { title: 'Services', url: env.SERVICES_URL },
  '/community': { title: 'Community', url: env.COMMUNITY_URL },
};
