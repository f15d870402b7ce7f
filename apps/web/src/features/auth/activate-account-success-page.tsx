import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FirstSteps } from '../my-plans/first-steps';
import { AuthCard } from './auth-card';

/** /activate-account/success: the account is ready, and the ways to a first plan are offered. */
export function ActivateAccountSuccessPage() {
  const navigate = useNavigate();
  useDocumentTitle('Congratulations!');
  return (
    <AuthCard title="Congratulations!" centered wide>
      <p className="auth-card__text">
        Welcome to Digital Project Planner! Your account is active and your first project plan is a few clicks away.
      </p>
      <FirstSteps />
      <div className="auth-card__actions">
        <Button type="primary" size="large" onClick={() => void navigate('/')}>
          Go to Main Page
        </Button>
      </div>
    </AuthCard>
  );
}
