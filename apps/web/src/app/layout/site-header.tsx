import { ArrowLeftOutlined, DownOutlined, MenuOutlined } from '@ant-design/icons';
import { cutName } from '@dpp/shared/rules/display';
import { Button, Drawer, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { env } from '../../config/env';
import { rememberRedirect, type SessionUser, useSession } from '../session';
import { readStorage, STORAGE_KEYS } from '../storage-keys';

/** Pages that never show the back arrow. */
const NO_BACK_ARROW = new Set(['/', '/upload-action/asana/upload/success', '/upload-action/clickup/upload/success']);

interface PaymentState {
  payment?: string;
  isPaid?: boolean;
}

function useShowBackArrow(): boolean {
  const location = useLocation();
  if (NO_BACK_ARROW.has(location.pathname)) return false;
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
      <Link className="site-nav__link" to="/project-plans" onClick={onNavigate}>
        Templates
      </Link>
      <Link className="site-nav__link" to={{ pathname: '/', hash: '#prices' }} onClick={onNavigate}>
        Pricing
      </Link>
      <Link className="site-nav__link" to="/ai" onClick={onNavigate}>
        AI Planner
      </Link>
    </>
  );
}

function ResourcesMenu() {
  const items: MenuProps['items'] = RESOURCES.map((r) => ({
    key: r.label,
    label: (
      <a href={r.href} target="_blank" rel="noopener noreferrer">
        {r.label}
      </a>
    ),
  }));
  return (
    <Dropdown menu={{ items }} trigger={['hover', 'click']}>
      <button type="button" className="site-nav__link site-nav__button">
        Resources <DownOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  const activated = user.givenName !== '' && user.familyName !== '';
  const items: MenuProps['items'] = activated
    ? [
        { key: 'account', label: <Link to="/myAccount">My Account</Link> },
        ...(user.isAdmin ? [{ key: 'admin', label: <Link to="/admin_panel">Administration</Link> }] : []),
        { key: 'logout', label: 'Logout' },
      ]
    : [
        { key: 'activate', label: <Link to="/activate-account">Activate</Link> },
        { key: 'logout', label: 'Logout' },
      ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <button type="button" className="site-nav__link site-nav__button">
        {activated ? cutName(user.givenName) : 'Active Account'} <DownOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}

function LoginLink({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  return (
    <Link
      className="site-nav__login"
      to="/user-login"
      state={{ from: location.pathname }}
      onClick={() => {
        rememberRedirect(location.pathname, location.state);
        onNavigate?.();
      }}
    >
      Login
    </Link>
  );
}

export function SiteHeader() {
  const { user } = useSession();
  const navigate = useNavigate();
  const showBack = useShowBackArrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {showBack && (
          <Button
            type="text"
            shape="circle"
            icon={<ArrowLeftOutlined />}
            aria-label="Go back"
            onClick={() => navigate(-1)}
            className="site-header__back"
          />
        )}
        <Link to="/" className="site-header__logo" aria-label="Digital Project Planner home">
          <img src="/images/logo.svg" alt="Digital Project Planner" width={220} height={40} />
        </Link>
        <nav className="site-nav" aria-label="Main">
          <NavLinks />
          <ResourcesMenu />
          {user?.hasPremiumArea && (
            <Link className="site-nav__link" to="/membership-area">
              Premium
            </Link>
          )}
          {user ? <UserMenu user={user} /> : <LoginLink />}
        </nav>
        <Button
          className="site-header__menu"
          type="text"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        />
      </div>
      <Drawer title="Menu" placement="right" open={drawerOpen} onClose={close} size={300}>
        <nav className="site-drawer" aria-label="Mobile">
          <NavLinks onNavigate={close} />
          {RESOURCES.map((r) => (
            <a key={r.label} className="site-nav__link" href={r.href} target="_blank" rel="noopener noreferrer">
              {r.label}
            </a>
          ))}
          {user?.hasPremiumArea && (
            <Link className="site-nav__link" to="/membership-area" onClick={close}>
              Premium
            </Link>
          )}
          {user ? <UserMenu user={user} /> : <LoginLink onNavigate={close} />}
        </nav>
      </Drawer>
    </header>
  );
}
