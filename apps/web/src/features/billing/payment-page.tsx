import { ArrowLeftOutlined } from '@ant-design/icons';
import { templatePriceDollars } from '@dpp/shared/rules/templates';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { captureOrder, createOrder, getPaymentButtonsConfig } from '../../shared/billing/billing.api';
import { referralConversion } from '../../shared/billing/referral';
import { useTemplate } from '../../shared/catalogue/catalogue.api';
import { notify } from '../../shared/notify';
import { STORAGE_KEYS, useSession, writeStorage } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { PAYMENT_BUTTONS } from './provider-components';
import './billing.css';

/** /payment/{projectPlanId}: the one-time purchase of a paid template. */
export function PaymentPage() {
  useDocumentTitle('Payment');
  const { projectPlanId = '' } = useParams();
  const navigate = useNavigate();
  const { identity } = useSession();
  const { data: template, isLoading, error: loadError } = useTemplate(projectPlanId);
  const [error, setError] = useState<string | null>(null);
  const buttons = useQuery({ queryKey: ['payment-buttons'], queryFn: ({ signal }) => getPaymentButtonsConfig(signal) });

  if (!/^\d+$/.test(projectPlanId)) return <Navigate to="/project-plans" replace />;
  if (isLoading || (!template && !loadError) || buttons.isPending) {
    return (
      <div className="container billing-page billing-loading" role="status">
        <Spin />
        <span>Loading, please wait</span>
      </div>
    );
  }
  if (!template) return <Navigate to="/project-plans" replace />;
  if (template.free) return <Navigate to="/upload-action" replace state={{ payment: 'done', planId: template.id }} />;

  const Buttons = buttons.data ? PAYMENT_BUTTONS[buttons.data.provider] : undefined;
  const onError = (message: string) => {
    setError(message);
    void notify('error', 'Error', message || 'Please try again');
  };

  return (
    <div className="container billing-page">
      <Button
        type="link"
        className="billing-back"
        onClick={() => navigate(-1)}
        icon={<ArrowLeftOutlined aria-hidden />}
      >
        Back
      </Button>
      <h1>Payment</h1>
      <div className="billing-summary">
        <span>{template.product_name}</span>
        <span>One time purchase</span>
      </div>
      <p className="billing-summary">
        <span>Total amount:</span>
        <strong>${templatePriceDollars(template.price)}</strong>
      </p>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {!Buttons && (
        <Alert type="error" showIcon title="Payments are not available right now. Please try again later." />
      )}
      {Buttons && buttons.data && (
        // PayPal's buttons arrive as a chunk of their own: a spinner while it loads.
        <Suspense fallback={<Spin aria-label="Loading, please wait" />}>
          <Buttons
            clientId={buttons.data.client_id}
            createOrder={async () => (await createOrder(template.id)).id}
            onApprove={async (orderId) => {
              await captureOrder(orderId);
              if (identity) referralConversion(identity.attributes.email);
              writeStorage(STORAGE_KEYS.PAYMENT_MARKER, 'done');
              writeStorage(STORAGE_KEYS.PLAN_ID, String(template.id));
              navigate('/upload-action', { state: { payment: 'done', planId: template.id } });
            }}
            onError={onError}
          />
        </Suspense>
      )}
    </div>
  );
}
