import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { env } from '../../config/env';

/** Pages that live on other sites, by the path that opens them. */
export const EXTERNAL_PAGES: Record<string, { title: string; url: string }> = {
  '/blog': { title: 'Blog', url: env.BLOG_URL },
  '/hire-an-expert': { title: 'Hire an Expert', url: env.HIRE_AN_EXPERT_URL },
  '/services': { title: 'Services', url: env.SERVICES_URL },
  '/community': { title: 'Community', url: env.COMMUNITY_URL },
};

/**
 * Opens the external page in a new tab and comes back. If the browser blocks the tab, the link
 * below still works.
 */
export function ExternalPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const target = EXTERNAL_PAGES[pathname.toLowerCase()];

  useEffect(() => {
    if (!target || opened.current) return;
    opened.current = true;
    window.open(target.url, '_blank', 'noopener,noreferrer');
    // React Router numbers the entries it pushed; idx 0 means the visitor arrived here directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate, target]);

  if (!target) return null;
  return (
    <section className="notice-page">
      <h1>{target.title}</h1>
      <p>
        {target.title} opens in a new tab.{' '}
        <a href={target.url} target="_blank" rel="noopener noreferrer">
          Open {target.title}
        </a>
      </p>
    </section>
  );
}
