import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { cutName } from '@dpp/shared/rules/display';
import { lazy, Suspense, useState } from 'react';
import { env } from '../../config/env';
import { LightIcon } from '../../shared/light-icon';
import {
  REMEMBERS_PAGE,
  readStorage,
  rememberRedirect,
  type SessionUser,
  STORAGE_KEYS,
  signOut,
  useSession,
} from '../../shared/session';
import { useUploadInProgress } from '../../shared/upload-lock';
import { useHydrated } from '../../shared/use-hydrated';
import { HeaderMenu } from './header-menu';
import './site-header-account.css';
import { PageLink, usePageLocation, usePageNavigate } from '../../shared/navigation';

const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));

/** Pages that never show the back arrow. */
const NO_BACK_ARROW = new Set(['/', '/upload-action/asana/upload/success', '/upload-action/clickup/upload/success']);
/**
 * Pages with a Back of their own (docs/product-rules.md, Navigation): a second back control beside it would only ask
 * which one to use.
 */
const OWN_BACK = /^\/(?:trial-success|subscribe|payment\/[^/]+)\/?$/i;

interface PaymentState {
  payment?: string;
  isPaid?: boolean;
}

function useShowBackArrow(): boolean {
  const location = usePageLocation();
  if (NO_BACK_ARROW.has(location.pathname) || OWN_BACK.test(location.pathname)) return false;
  const state = (location.state ?? {}) as PaymentState;
  const afterPayment = state.payment === 'done' || state.isPaid === true;
  return !afterPayment && readStorage(STORAGE_KEYS.PAYMENT_MARKER) !== 'done';
}

const RESOURCES: { label: string; href: string }[] = [
  { label: 'Blog', href: env.BLOG_URL },
  { label: 'Hire an Expert', href: env.HIRE_AN_EXPERT_URL },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <PageLink className="site-nav__link" to="/project-plans" onClick={onNavigate}>
        Templates
      </PageLink>
      <PageLink className="site-nav__link" to={{ pathname: '/', hash: '#prices' }} onClick={onNavigate}>
        Pricing
      </PageLink>
      <PageLink className="site-nav__link" to="/ai" onClick={onNavigate}>
        AI Planner
      </PageLink>
    </>
  );
}

/** The Resources page, then the external pages of the menu, in a new tab (docs/product-rules.md, Navigation). */
function ResourcesLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <PageLink className="site-nav__link" to="/resources" onClick={onNavigate}>
        All Resources
      </PageLink>
      {RESOURCES.map((r) => (
        <a key={r.label} className="site-nav__link" href={r.href} target="_blank" rel="noopener noreferrer">
          {r.label}
        </a>
      ))}
    </>
  );
}

function UserLinks({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const logoutButton = (
    <button
      type="button"
      className="site-nav__link site-nav__button"
      onClick={() => {
        onNavigate?.();
        signOut();
      }}
    >
      Logout
    </button>
  );
  return user.activated ? (
    <>
      <PageLink className="site-nav__link" to="/my-plans" onClick={onNavigate}>
        My Plans
      </PageLink>
      <PageLink className="site-nav__link" to="/myAccount" onClick={onNavigate}>
        My Account
      </PageLink>
      {user.isAdmin && (
        <PageLink className="site-nav__link" to="/admin_panel" onClick={onNavigate}>
          Administration
        </PageLink>
      )}
      {logoutButton}
    </>
  ) : (
    <>
      <span className="site-nav__note">Activate your Account</span>
      <PageLink className="site-nav__link" to="/activate-account" onClick={onNavigate}>
        Activate
      </PageLink>
      {logoutButton}
    </>
  );
}

function userLabel(user: SessionUser): string {
  return user.activated ? cutName(user.givenName) : 'Active Account';
}

/**
 * The Login link. `pending` while the page does not know who is visiting (the server's page, until its header is
 * taken over): the stylesheet shows it only in a browser without a session, so a member never sees it flash.
 */
function LoginLink({ onNavigate, pending = false }: { onNavigate?: () => void; pending?: boolean }) {
  const location = usePageLocation();
  return (
    <PageLink
      className={pending ? 'site-nav__login site-nav__pending' : 'site-nav__login'}
      to="/user-login"
      state={{ from: location.pathname }}
      {...{ [REMEMBERS_PAGE]: '' }}
      onClick={() => {
        rememberRedirect(location.pathname, location.state);
        onNavigate?.();
      }}
    >
      Login
    </PageLink>
  );
}

export function SiteHeader() {
  const { user } = useSession();
  const hydrated = useHydrated();
  const navigate = usePageNavigate();
  const showBack = useShowBackArrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const close = () => setDrawerOpen(false);
  // While a plan uploads, leaving the page would hide its outcome: the header takes no input.
  const uploading = useUploadInProgress();

  return (
    <header className="site-header" inert={uploading} aria-busy={uploading}>
      <div className="site-header__inner">
        {showBack && (
          <button type="button" className="site-header__icon" aria-label="Go back" onClick={() => navigate(-1)}>
            <LightIcon icon={ArrowLeftOutlined} />
          </button>
        )}
        <PageLink to="/" className="site-header__logo" aria-label="Digital Project Planner home">
          <img src="/images/logo.svg" alt="Digital Project Planner" width={220} height={40} />
        </PageLink>
        <nav className="site-nav" aria-label="Main">
          <NavLinks />
          <HeaderMenu label="Resources">
            <ResourcesLinks />
          </HeaderMenu>
          {user?.activated && user.hasPremiumArea && (
            <PageLink className="site-nav__link" to="/membership-area">
              Premium
            </PageLink>
          )}
          {user?.activated && (
            <PageLink className="site-nav__link" to="/my-plans">
              My Plans
            </PageLink>
          )}
          {hydrated && user ? (
            <HeaderMenu label={userLabel(user)}>
              <UserLinks user={user} />
            </HeaderMenu>
          ) : (
            <LoginLink pending={!hydrated} />
          )}
        </nav>
        <button
          type="button"
          className="site-header__icon site-header__menu"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
        >
          <LightIcon icon={MenuOutlined} />
        </button>
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={drawerOpen} onClose={close}>
            <NavLinks onNavigate={close} />
            <ResourcesLinks onNavigate={close} />
            {user?.activated && user.hasPremiumArea && (
              <PageLink className="site-nav__link" to="/membership-area" onClick={close}>
                Premium
              </PageLink>
            )}
            {user ? <UserLinks user={user} onNavigate={close} /> : <LoginLink onNavigate={close} />}
          </MobileMenu>
        </Suspense>
      )}
    </header>
  );
}
