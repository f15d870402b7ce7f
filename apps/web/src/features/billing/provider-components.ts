import type { PaymentButtonsConfig, PublishKeyResponse } from '@dpp/shared/schemas/billing';
import { type ComponentType, lazy } from 'react';
import type { CardFormProps, PaymentButtonsProps } from '../../shared/billing/card-form';
import { LocalCardForm } from './local-card-form';
import { LocalPaymentButtons } from './local-payment-buttons';

/** The real providers' browser code is a chunk of its own, fetched only when that provider is configured. */
export const loadStripeCardForm = () => import('./providers/stripe-card-form');
export const loadPayPalCheckout = () => import('./providers/paypal-checkout');

/** The card form of each provider publish-key can name (a full record: a new provider must get a form). */
export const CARD_FORMS: Record<PublishKeyResponse['provider'], ComponentType<CardFormProps>> = {
  local: LocalCardForm,
  stripe: lazy(loadStripeCardForm),
};

/** The payment buttons of each provider /api/paypal/client-id can name. */
export const PAYMENT_BUTTONS: Record<PaymentButtonsConfig['provider'], ComponentType<PaymentButtonsProps>> = {
  local: LocalPaymentButtons,
  paypal: lazy(loadPayPalCheckout),
};
