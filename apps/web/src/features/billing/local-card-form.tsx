import { type CardError, cardErrorMessage } from '@dpp/shared/rules/billing';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { CardFormProps } from '../../shared/billing/card-form';

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** 'MM / YY', 'MM/YY' or 'MM/YYYY'. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** The setup intent id is the part of the client secret before '_secret_' (as in Stripe's). */
const setupIntentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/**
 * The sandbox provider's card form. The card goes only to the provider's confirm route (standing for
 * Stripe), never to our API; once confirmed the browser leaves for the return URL with the provider's
 * parameters, as Stripe's confirmSetup does.
 */
export function LocalCardForm({ clientSecret, returnUrl, onError }: CardFormProps) {
  const [form] = Form.useForm<CardFields>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ number, expiry, cvc }: CardFields) => {
    const parsed = parseExpiry(expiry);
    if (!parsed) {
      onError("Your card's expiration date is incomplete.");
      return;
    }
    setSubmitting(true);
    const id = setupIntentIdOf(clientSecret);
    try {
      const response = await fetch(`/sandbox/cards/setup-intents/${encodeURIComponent(id)}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_secret: clientSecret,
          number,
          exp_month: parsed.month,
          exp_year: parsed.year,
          cvc: cvc.trim(),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: CardError };
      if (!response.ok) {
        onError(cardErrorMessage(body.error, 'subscribe'));
        setSubmitting(false);
        return;
      }
      const url = new URL(returnUrl, window.location.origin);
      url.searchParams.set('setup_intent', id);
      url.searchParams.set('setup_intent_client_secret', clientSecret);
      url.searchParams.set('redirect_status', 'succeeded');
      window.location.assign(url.toString());
    } catch {
      onError(cardErrorMessage(null, 'subscribe'));
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} className="billing-card-form">
      <p className="billing-card-form__sandbox">
        Sandbox card form: use 4242 4242 4242 4242 with any future expiry and any CVC. No real card is charged.
      </p>
      <Form.Item
        label="Card number"
        name="number"
        rules={[{ required: true, message: 'Your card number is incomplete.' }]}
      >
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} />
      </Form.Item>
      <div className="billing-card-form__row">
        <Form.Item
          label="Expiry (MM / YY)"
          name="expiry"
          rules={[{ required: true, message: "Your card's expiration date is incomplete." }]}
        >
          <Input autoComplete="cc-exp" placeholder="MM / YY" maxLength={9} />
        </Form.Item>
        <Form.Item
          label="CVC"
          name="cvc"
          rules={[{ required: true, message: "Your card's security code is incomplete." }]}
        >
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Submit
      </Button>
    </Form>
  );
}
