import { CheckCircleFilled } from '@ant-design/icons';
import { PLAN_NAMES } from '@dpp/shared/constants';
import { BILLING_MESSAGES } from '@dpp/shared/messages';
import { subscribeSuccessStep } from '@dpp/shared/rules/billing';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import {
  addPaymentDuringTrial,
  createPremiumTag,
  createSubscription,
  reloadClientRecord,
  savePayment,
} from '../../shared/billing/billing.api';
import { referralConversion } from '../../shared/billing/referral';
import { notify } from '../../shared/notify';
import { readStorage, refreshClientRecord, STORAGE_KEYS, useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import './billing.css';

type Phase = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

const QUERY_KEYS = [
  'client_id',
  'price_id',
  'setup_intent_id',
  'setup_intent',
  'setup_intent_client_secret',
  'trial_upgrade',
  'trial_upgrade_success',
  'no_credit_card',
] as const;

/** /subscribe/success: where the card provider returns the browser (docs/product-rules.md, Billing). */
export function SubscribeSuccessPage() {
  useDocumentTitle('Payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { client, identity } = useSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const started = useRef(false);
  const query = Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key)]));
  // Redirects and the finished view do not depend on the trial; the calls below ask the server about it first.
  const step = subscribeSuccessStep(query, subscriptionState(client, Date.now() / 1000) === 'trial');
  const email = identity?.attributes.email ?? '';

  // Runs once per provider return: the calls must not repeat on re-renders (a ref also guards React's double run).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the step alone on purpose
  useEffect(() => {
    if (step.kind === 'redirect') return;
    if (step.kind === 'done') {
      setPhase({ kind: 'done' });
      return;
    }
    // Each call runs once, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    (async () => {
      // The trial may have ended since the card form opened (the timer, another tab): act on what is true now.
      const now = await refreshClientRecord();
      const current = subscribeSuccessStep(query, subscriptionState(now, Date.now() / 1000) === 'trial');
      if (current.kind === 'redirect' || current.kind === 'done') return;
      if (current.kind === 'upgrade-trial') {
        try {
          const result = await addPaymentDuringTrial({
            client_id: current.clientId,
            price_id: current.priceId,
            setup_intent_id: current.setupIntentId,
            subscription_type: 'month',
          });
          if (result.error_message) {
            void notify('error', 'Error', BILLING_MESSAGES.TRIAL_UPGRADE_FAILED);
            setPhase({ kind: 'failed', message: BILLING_MESSAGES.TRIAL_UPGRADE_FAILED });
            return;
          }
          await reloadClientRecord(email);
          navigate('/subscribe/success?trial_upgrade_success=true', { replace: true });
        } catch {
          void notify('error', 'Error', BILLING_MESSAGES.TRIAL_UPGRADE_ERROR);
          setPhase({ kind: 'failed', message: BILLING_MESSAGES.TRIAL_UPGRADE_ERROR });
        }
        return;
      }
      try {
        let planName = now?.plan_name ?? '';
        if (current.createSubscription) {
          planName = (
            await createSubscription({
              setup_intent_id: current.setupIntentId,
              client_id: current.clientId,
              price_id: current.priceId,
            })
          ).plan_name;
        }
        await savePayment({ pi_id: current.setupIntentId, client_id: current.clientId });
        referralConversion(email);
        const record = await reloadClientRecord(email);
        if (planName === PLAN_NAMES.PREMIUM_MONTHLY && record) createPremiumTag(record.id);
        setPhase({ kind: 'done' });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : BILLING_MESSAGES.UNEXPECTED;
        void notify('error', 'Error', message);
        setPhase({ kind: 'failed', message });
      }
    })();
  }, [step.kind]);

  if (step.kind === 'redirect') return <Navigate to={step.to} replace />;

  const finish = async () => {
    await reloadClientRecord(email);
    const planId = readStorage(STORAGE_KEYS.PLAN_ID);
    if (planId) navigate('/upload-action', { state: { payment: 'done', planId: Number(planId) } });
    else navigate('/ai');
  };

  return (
    <div className="container billing-page billing-success">
      {phase.kind === 'working' && (
        <div className="billing-loading" role="status">
          <Spin />
          <span>Loading, please wait</span>
        </div>
      )}
      {phase.kind === 'failed' && (
        <>
          <h1>Payment</h1>
          <Alert type="error" showIcon title={phase.message} role="alert" />
          <p>
            <Link to="/#prices">Back to pricing</Link>
          </p>
        </>
      )}
      {phase.kind === 'done' && (
        <>
          <CheckCircleFilled aria-hidden style={{ fontSize: 48, color: '#16a34a' }} />
          <h1>{query.trial_upgrade_success === 'true' ? 'Your trial is upgraded' : 'Payment Successful'}</h1>
          <p>
            {query.trial_upgrade_success === 'true'
              ? 'Your card is saved. Your paid membership starts when your free trial ends.'
              : `Thank you! Your ${client?.plan_name || 'membership'} is active.`}
          </p>
          <div className="billing-success__actions">
            <Button type="primary" size="large" onClick={finish}>
              Continue
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
