import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFollowedUpload } from '../../features/upload/upload-job-store';
import { seekHashTarget } from '../../shared/scroll-to-hash';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Loaded only while this tab follows an upload, so other pages do not carry its code.
const UploadJobFollower = lazy(() =>
  import('../../features/upload/upload-job-follower').then((m) => ({ default: m.UploadJobFollower })),
);

/**
 * Navigating without a hash scrolls to the top; with one, to its element once it has rendered. The page the
 * browser loaded keeps the position the browser gave it: a visitor may have scrolled a server-rendered page
 * before the app took it over, or come back to it.
 */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  const loaded = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (a new pathname) must scroll.
  useEffect(() => {
    const firstPage = !loaded.current;
    loaded.current = true;
    if (!hash) {
      if (!firstPage) window.scrollTo(0, 0);
      return;
    }
    return seekHashTarget(hash);
  }, [pathname, hash]);
  return null;
}

export function PageFallback() {
  return (
    <div className="page-fallback" role="status">
      <Spin aria-label="Loading" />
    </div>
  );
}

export function AppLayout() {
  const followingUpload = useFollowedUpload() !== null;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Not an island: it works without the framework on a server's page (ADR 0051). */}
      <SiteHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollManager />
      {followingUpload && (
        <Suspense fallback={null}>
          <UploadJobFollower />
        </Suspense>
      )}
    </div>
  );
}
