import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import type { MouseEvent } from 'react';
import { env } from '../../config/env';
import { LightIcon } from '../../shared/light-icon';
import { PageLink, usePageLocation, usePageNavigate } from '../../shared/navigation';
import { REMEMBERS_PAGE, readStorage, rememberRedirect, STORAGE_KEYS, signOut, useSession } from '../../shared/session';
import { ACCOUNT_LABEL_ATTRIBUTE, accountLabel, shownTo } from '../../shared/session/account-marks';
import { useUploadInProgress } from '../../shared/upload-lock';
import { GOES_BACK, OPENS_DIALOG, PLAIN_CONTROLS, SIGNS_OUT } from './header-controls';
import { HeaderMenu } from './header-menu';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu';
import './site-header-account.css';

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

function NavLinks() {
  return (
    <>
      <PageLink className="site-nav__link" to="/project-plans">
        Templates
      </PageLink>
      <PageLink className="site-nav__link" to={{ pathname: '/', hash: '#prices' }}>
        Pricing
      </PageLink>
      <PageLink className="site-nav__link" to="/ai">
        AI Planner
      </PageLink>
    </>
  );
}

/** The Resources page, then the external pages of the menu, in a new tab (docs/product-rules.md, Navigation). */
function ResourcesLinks() {
  return (
    <>
      <PageLink className="site-nav__link" to="/resources">
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

/** The app's own Logout: its session store ends the session and its keeper goes to login (header-controls.ts leaves it). */
function signOutInTheApp(event: MouseEvent) {
  event.preventDefault();
  signOut();
}

/**
 * A member's entries: every account's are drawn, each marked with whom it is for, and the page's account marks
 * show the right ones (shared/session/account-marks.ts), the same before any framework runs and in the app.
 */
function UserLinks() {
  return (
    <>
      <PageLink className="site-nav__link" to="/my-plans" {...shownTo('activated')}>
        My Plans
      </PageLink>
      <PageLink className="site-nav__link" to="/myAccount" {...shownTo('activated')}>
        My Account
      </PageLink>
      <PageLink className="site-nav__link" to="/admin_panel" {...shownTo('admin')}>
        Administration
      </PageLink>
      <span className="site-nav__note" {...shownTo('unactivated')}>
        Activate your Account
      </span>
      <PageLink className="site-nav__link" to="/activate-account" {...shownTo('unactivated')}>
        Activate
      </PageLink>
      <button
        type="button"
        className="site-nav__link site-nav__button"
        onClick={signOutInTheApp}
        {...shownTo('member')}
        {...{ [SIGNS_OUT]: '' }}
      >
        Logout
      </button>
    </>
  );
}

/** The Premium entry: to the members area, for members who may use it. */
function PremiumLink() {
  return (
    <PageLink className="site-nav__link" to="/membership-area" {...shownTo('premium')}>
      Premium
    </PageLink>
  );
}

/**
 * The Login link, shown to a visitor. It remembers the page it leaves, so signing in comes back to it: the app's
 * click does it with the page's state, header-controls.ts does it before any framework runs.
 */
function LoginLink() {
  const location = usePageLocation();
  return (
    <PageLink
      className="site-nav__login"
      to="/user-login"
      state={{ from: location.pathname }}
      {...shownTo('visitor')}
      {...{ [REMEMBERS_PAGE]: '' }}
      onClick={() => rememberRedirect(location.pathname, location.state)}
    >
      Login
    </PageLink>
  );
}

/**
 * The site header. One markup for every page: drawn by the server for a page a visitor only reads, where it works
 * with no framework (its menus are `<details>`, the phone menu a `<dialog>`, the rest header-controls.ts), and by
 * the app on its own pages, which adds only what it knows (the member's label, the upload lock) (ADR 0051).
 */
export function SiteHeader() {
  const { user } = useSession();
  const navigate = usePageNavigate();
  const showBack = useShowBackArrow();
  // While a plan uploads, leaving the page would hide its outcome: the header takes no input.
  const uploading = useUploadInProgress();

  return (
    <header className="site-header" inert={uploading} aria-busy={uploading} {...{ [PLAIN_CONTROLS]: '' }}>
      <div className="site-header__inner">
        {showBack && (
          <button
            type="button"
            className="site-header__icon"
            aria-label="Go back"
            onClick={(event) => {
              event.preventDefault();
              navigate(-1);
            }}
            {...{ [GOES_BACK]: '' }}
          >
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
          <PremiumLink />
          <PageLink className="site-nav__link" to="/my-plans" {...shownTo('activated')}>
            My Plans
          </PageLink>
          <HeaderMenu
            for="member"
            label={
              // The server draws it empty (it does not know who is looking); the page's head script writes it.
              <span suppressHydrationWarning {...{ [ACCOUNT_LABEL_ATTRIBUTE]: '' }}>
                {user ? accountLabel(user) : ''}
              </span>
            }
          >
            <UserLinks />
          </HeaderMenu>
          <LoginLink />
        </nav>
        <button
          type="button"
          className="site-header__icon site-header__menu"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded="false"
          aria-controls={MOBILE_MENU_ID}
          {...{ [OPENS_DIALOG]: '' }}
        >
          <LightIcon icon={MenuOutlined} />
        </button>
      </div>
      <MobileMenu>
        <NavLinks />
        <ResourcesLinks />
        <PremiumLink />
        <UserLinks />
        <LoginLink />
      </MobileMenu>
    </header>
  );
}
