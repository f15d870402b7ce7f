import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EXTERNAL_PAGES } from './external-links';

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
