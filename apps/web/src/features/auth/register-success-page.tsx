import { Button } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';

/** /register/success: the verification link is on its way; without an address to show, back to sign-up. */
export function RegisterSuccessPage() {
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  useDocumentTitle('Check your email');
  if (typeof email !== 'string' || email === '') return <Navigate to="/register" replace />;
  return (
    <AuthCard title="Check your email" centered>
      <p className="auth-card__text">
        We have sent a link to <strong>{email}</strong>. Please open it to verify your account.
      </p>
      <p className="auth-card__text">If you don't see the email in your inbox, please check your spam folder.</p>
      <div className="auth-card__actions">
        <Button type="primary" size="large" onClick={() => void navigate('/')}>
          Done
        </Button>
      </div>
    </AuthCard>
  );
}
