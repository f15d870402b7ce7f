import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry point loads Stripe.js only when loadStripe is called, not when this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from 'antd';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { CardFormProps } from '../../../shared/billing/card-form';
import { cardErrorMessage, UNEXPECTED_PAYMENT_ERROR } from './provider-errors';

/**
 * One Stripe.js load per key for the page's life: a render React throws away (while a sibling
 * suspends) must not start another. A failed load is forgotten, so the next form tries again.
 */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch(() => {
      stripeLoads.delete(publishableKey);
      return null;
    });
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

/** The same props as the sandbox card form, so /subscribe draws either one. */
export type StripeCardFormProps = CardFormProps;

/**
 * Stripe's card form (Payment Element) for a SetupIntent: the card is confirmed with Stripe directly
 * and never touches our server; success navigates to returnUrl. Default export so pages load it lazily.
 */
export default function StripeCardForm({ publishableKey, clientSecret, returnUrl, onError }: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  // The latest onError, without reloading the script when the page passes a new function.
  const reportError = useRef(onError);
  reportError.current = onError;
  useEffect(() => {
    let mounted = true;
    void stripe.then((loaded) => {
      // Blocked or unreachable script: nothing to show, say so (once, from the form on screen).
      if (!loaded && mounted) reportError.current(UNEXPECTED_PAYMENT_ERROR);
    });
    return () => {
      mounted = false;
    };
  }, [stripe]);
  return (
    // A new client secret is a new SetupIntent: Elements cannot switch intents in place.
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret }}>
      <CardForm returnUrl={returnUrl} onError={onError} />
    </Elements>
  );
}

function CardForm({ returnUrl, onError }: Pick<StripeCardFormProps, 'returnUrl' | 'onError'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error } = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } });
      // Reached only on failure: a confirmed setup leaves the page for returnUrl.
      onError(cardErrorMessage(error));
    } catch {
      onError(UNEXPECTED_PAYMENT_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Credit card">
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      <Button
        type="primary"
        htmlType="submit"
        block
        disabled={!stripe || !elements || !ready}
        loading={submitting}
        style={{ marginTop: 24 }}
      >
        Submit
      </Button>
    </form>
  );
}
