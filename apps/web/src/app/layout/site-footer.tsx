import { Link } from 'react-router';
import { env } from '../../config/env';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src="/images/logo.svg" alt="" width={176} height={32} loading="lazy" />
          <p>Ready-to-run project plans for entrepreneurs and small businesses.</p>
          <address>{env.COMPANY_ADDRESS}</address>
        </div>
        <nav className="site-footer__links" aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/terms-of-use">Terms of use</Link>
          <Link to="/support">Support</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <a href={`mailto:${env.SUPPORT_EMAIL}?subject=${encodeURIComponent('Contact us')}`}>Contact us</a>
        </nav>
      </div>
      <p className="site-footer__copy">
        © {year} {env.COMPANY_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
