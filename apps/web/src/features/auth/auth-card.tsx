import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { notify } from '../../shared/notify';
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

const comingSoon = (provider: string) =>
  notify('info', 'Coming soon', `Sign-in with ${provider} is coming soon. Please use your email address for now.`);

/** Google and Facebook sign-in; another issue makes them work, until then they say so. */
export function SocialButtons() {
  return (
    <>
      <div className="auth-social">
        <Button size="large" block icon={<GoogleOutlined aria-hidden />} onClick={() => void comingSoon('Google')}>
          Continue with Google
        </Button>
        <Button size="large" block icon={<FacebookFilled aria-hidden />} onClick={() => void comingSoon('Facebook')}>
          Continue with Facebook
        </Button>
      </div>
      <p className="auth-divider">or</p>
    </>
  );
}
