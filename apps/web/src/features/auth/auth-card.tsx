import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import type { SocialProvider } from '@dpp/shared/schemas/identity-extras';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { socialStartUrl } from '../../shared/api/identity.api';
import './auth.css';

export interface AuthCardProps {
  /** The page's only h1. */
  title: string;
  lead?: ReactNode;
  /** Shows the Sign In / Sign Up switch with this one current. */
  tab?: 'sign-in' | 'sign-up';
  wide?: boolean;
  centered?: boolean;
  children: ReactNode;
}

/** The card every sign-up, login, verification and reset screen is drawn in. */
export function AuthCard({ title, lead, tab, wide = false, centered = false, children }: AuthCardProps) {
  const className = ['auth-card', wide && 'auth-card--wide', centered && 'auth-card--center'].filter(Boolean).join(' ');
  return (
    <section className="auth-page">
      <div className={className}>
        {tab && (
          <nav className="auth-tabs" aria-label="Sign in or sign up">
            <Link to="/user-login" aria-current={tab === 'sign-in' ? 'page' : undefined}>
              Sign In
            </Link>
            <Link to="/register" aria-current={tab === 'sign-up' ? 'page' : undefined}>
              Sign Up
            </Link>
          </nav>
        )}
        <h1>{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/** How long a provider button shows it is loading (docs/product-rules.md, Accounts), while the browser leaves. */
const LOADING_MS = 3000;

/** Google and Facebook sign-in: each button leaves for the provider's consent page through the server. */
export function SocialButtons() {
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);
  const leave = (provider: SocialProvider) => {
    setLeaving(provider);
    window.setTimeout(() => setLeaving(null), LOADING_MS);
  };
  return (
    <>
      <div className="auth-social">
        <Button
          size="large"
          block
          href={socialStartUrl('google')}
          loading={leaving === 'google'}
          icon={<GoogleOutlined aria-hidden />}
          onClick={() => leave('google')}
        >
          Continue with Google
        </Button>
        <Button
          size="large"
          block
          href={socialStartUrl('facebook')}
          loading={leaving === 'facebook'}
          icon={<FacebookFilled aria-hidden />}
          onClick={() => leave('facebook')}
        >
          Continue with Facebook
        </Button>
      </div>
      <p className="auth-divider">or</p>
    </>
  );
}
