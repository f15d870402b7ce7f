import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { reloadClientRecord } from '../../shared/billing/billing.api';
import { useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import './billing.css';

/** /trial-success: the free trial confirmation. */
export function TrialSuccessPage() {
  useDocumentTitle('Your Free Trial is Active');
  const navigate = useNavigate();
  const { identity } = useSession();
  const start = async () => {
    if (identity) await reloadClientRecord(identity.attributes.email);
    navigate('/ai');
  };
  return (
    <div className="container billing-page billing-success">
      <p style={{ textAlign: 'left' }}>
        <Button
          type="link"
          className="billing-back"
          onClick={() => navigate('/ai')}
          icon={<ArrowLeftOutlined aria-hidden />}
        >
          Back
        </Button>
      </p>
      <CheckCircleFilled aria-hidden style={{ fontSize: 48, color: '#16a34a' }} />
      <h1>Your Free Trial is Active</h1>
      <p className="billing-summary" style={{ justifyContent: 'center' }}>
        <strong>7-Day Free Trial</strong>
      </p>
      <p>Congratulations! Your free trial starts today!</p>
      <ul>
        <li>
          <CheckCircleFilled aria-hidden /> AI-powered project planning
        </li>
        <li>
          <CheckCircleFilled aria-hidden /> Premium templates
        </li>
        <li>
          <CheckCircleFilled aria-hidden /> Advanced integrations
        </li>
        <li>
          <CheckCircleFilled aria-hidden /> Priority support
        </li>
      </ul>
      <p>
        <strong>No credit card required!</strong>
      </p>
      <div className="billing-success__actions">
        <Button type="primary" size="large" onClick={start}>
          Start Exploring
        </Button>
      </div>
    </div>
  );
}
