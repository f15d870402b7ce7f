import { ArrowLeftOutlined } from '@ant-design/icons';
import { BILLING_MESSAGES } from '@dpp/shared/messages';
import { subscribePageRedirect, subscriptionType } from '@dpp/shared/rules/billing';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import { Alert, Button, Spin, Tabs } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { createSetupIntent, getPublishKey } from '../../shared/billing/billing.api';
import type { SubscribeState } from '../../shared/billing/plan-choice';
import { notify } from '../../shared/notify';
import { refreshClientRecord, useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { CARD_FORMS } from './provider-components';
import './billing.css';

interface Ready {
  provider: 'stripe' | 'local';
  publishableKey: string;
  clientSecret: string;
  setupIntentId: string;
}

/** Builds the page the provider returns to: client, price and setup, plus trial_upgrade for a trial. */
export function subscribeReturnUrl(input: {
  clientId: string;
  priceId: string;
  setupIntentId: string;
  trialUpgrade: boolean;
}): string {
  const url = new URL('/subscribe/success', window.location.origin);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('price_id', input.priceId);
  url.searchParams.set('setup_intent_id', input.setupIntentId);
  if (input.trialUpgrade) url.searchParams.set('trial_upgrade', 'true');
  return url.toString();
}

/** True once the client record has been read again since the page opened. */
function useFreshClientRecord(): boolean {
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    let live = true;
    void refreshClientRecord().then(() => {
      if (live) setFresh(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return fresh;
}

/** /subscribe: the Payment Methods page with a Credit Card tab. */
export function SubscribePage() {
  useDocumentTitle('Payment Methods');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as SubscribeState | null;
  const { client, identity } = useSession();
  const redirect = subscribePageRedirect(state);
  // Trial or not decides what the card pays for: read as the server has it now, not as stored earlier.
  const fresh = useFreshClientRecord();
  const [ready, setReady] = useState<Ready | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const clientId = client?.username || identity?.username || '';
  const onTrial = subscriptionState(client, Date.now() / 1000) === 'trial';

  useEffect(() => {
    if (redirect || !state) return;
    let live = true;
    (async () => {
      try {
        const [{ provider, publish_key }, setup] = await Promise.all([
          getPublishKey(),
          createSetupIntent({
            price_id: state.stripe_price_id,
            client_id: clientId,
            subscription_type: subscriptionType(state.planId),
          }),
        ]);
        if (live)
          setReady({
            provider,
            publishableKey: publish_key,
            clientSecret: setup.client_secret,
            setupIntentId: setup.setup_intent_id,
          });
      } catch (error) {
        if (live) setLoadError(error instanceof Error ? error.message : BILLING_MESSAGES.UNEXPECTED);
      }
    })();
    return () => {
      live = false;
    };
  }, [redirect, state, clientId]);

  if (redirect) return <Navigate to={redirect.to} replace />;
  if (!state) return null;

  const onError = (message: string) => {
    const text = onTrial && message === BILLING_MESSAGES.UNEXPECTED ? BILLING_MESSAGES.UNEXPECTED_TRIAL : message;
    setCardError(text);
    void notify('error', 'Error', text);
  };

  const CardForm = ready ? CARD_FORMS[ready.provider] : undefined;
  const loading = (
    <div className="billing-loading" role="status">
      <Spin />
      <span>Loading, please wait</span>
    </div>
  );
  let body: React.ReactNode;
  if (loadError) {
    body = (
      <Alert type="error" showIcon title={loadError} action={<Button onClick={() => navigate(0)}>Try again</Button>} />
    );
  } else if (!ready || !fresh) {
    body = loading;
  } else if (!CardForm) {
    body = <Alert type="error" showIcon title={BILLING_MESSAGES.UNEXPECTED} />;
  } else {
    body = (
      <>
        {cardError && <Alert type="error" showIcon title={cardError} style={{ marginBottom: 16 }} role="alert" />}
        {/* Stripe's form arrives as a chunk of its own: the same spinner while it loads. */}
        <Suspense fallback={loading}>
          <CardForm
            publishableKey={ready.publishableKey}
            clientSecret={ready.clientSecret}
            returnUrl={subscribeReturnUrl({
              clientId,
              priceId: state.stripe_price_id,
              setupIntentId: ready.setupIntentId,
              trialUpgrade: onTrial,
            })}
            onError={onError}
          />
        </Suspense>
      </>
    );
  }

  return (
    <div className="container billing-page">
      <Link
        to="/"
        className="billing-back"
        onClick={(event) => {
          event.preventDefault();
          if (window.history.length > 1) navigate(-1);
          else navigate('/');
        }}
      >
        <ArrowLeftOutlined aria-hidden /> Back
      </Link>
      <h1>Payment Methods</h1>
      <div className="billing-summary">
        <span>{state.title}</span>
        <strong>
          ${(state.price / 100).toFixed(2)} / {subscriptionType(state.planId)}
        </strong>
      </div>
      {onTrial && (
        <p>Your card is charged when your free trial ends. You can cancel the trial before then from your account.</p>
      )}
      <Tabs items={[{ key: 'card', label: 'Credit Card', children: body }]} />
    </div>
  );
}
