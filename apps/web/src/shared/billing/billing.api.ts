import type {
  AddPaymentDuringTrialResponse,
  BillingClientId,
  CancelResponse,
  CaptureOrderResponse,
  CreateOrderResponse,
  CreateSetupIntentResponse,
  NoCreditCardTrialResponse,
  PaymentButtonsConfig,
  PublishKeyResponse,
  PurchaseStatusResponse,
  SubscriptionResponse,
  TrialInfoResponse,
} from '@dpp/shared/schemas/billing';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { apiGet, apiPost } from '../api/client';
import { getClientRecord } from '../api/identity.api';
import { setClientRecord } from '../session';

/** The billing calls (docs/product-rules.md, Billing). Types only from the shared package: this file is light. */

export const getPublishKey = () => apiPost<PublishKeyResponse>('/api/stripe/publish-key', {});

export const createSetupIntent = (body: {
  price_id: string;
  client_id: BillingClientId;
  subscription_type: 'month' | 'year';
}) => apiPost<CreateSetupIntentResponse>('/api/stripe/create-setup-intent', body);

export const startNoCardTrial = (body: { client_id: BillingClientId; plan_id: number }) =>
  apiPost<NoCreditCardTrialResponse>('/api/stripe/no-credit-card-trial', body);

export const addPaymentDuringTrial = (body: {
  client_id: BillingClientId;
  price_id: string;
  setup_intent_id: string;
  subscription_type: 'month' | 'year';
}) => apiPost<AddPaymentDuringTrialResponse>('/api/stripe/add-payment-during-trial', body);

export const createSubscription = (body: { setup_intent_id: string; client_id: BillingClientId; price_id: string }) =>
  apiPost<SubscriptionResponse>('/api/stripe/create-subscription', body);

export const savePayment = (body: { pi_id: string; client_id: BillingClientId }) =>
  apiPost<{ saved: boolean }>('/api/stripe/save-payment', body);

export const getTrialInfo = (email: string, signal?: AbortSignal) =>
  apiGet<TrialInfoResponse>(`/api/stripe/user/${encodeURIComponent(email)}/trial-info`, signal);

export const cancelTrial = (clientId: number) =>
  apiPost<CancelResponse>('/api/stripe/cancel-trial', { client_id: clientId });

export const cancelSubscription = (clientId: number) =>
  apiPost<CancelResponse>('/api/stripe/cancel-subscription', { client_id: clientId });

export const getPaymentButtonsConfig = (signal?: AbortSignal) =>
  apiGet<PaymentButtonsConfig>('/api/paypal/client-id', signal);

export const createOrder = (planId: number) => apiPost<CreateOrderResponse>('/api/paypal/orders', { plan_id: planId });

/** The local order provider's sandbox: the payer approves the order, as they would at PayPal. */
export const approveSandboxOrder = (orderId: string) =>
  apiPost<{ id: string; status: string }>(`/sandbox/orders/${encodeURIComponent(orderId)}/approve`, {});

export const captureOrder = (orderId: string) =>
  apiPost<CaptureOrderResponse>(`/api/paypal/orders/${encodeURIComponent(orderId)}/capture`, {});

export const getPurchaseStatus = (projectPlanId: number, signal?: AbortSignal) =>
  apiGet<PurchaseStatusResponse>(`/api/purchases/project-plans/${projectPlanId}`, signal);

/**
 * The premium tag of the marketing service; a failure does not hold the user up (its answer is ignored:
 * docs/product-rules.md, Billing), but is logged.
 */
export function createPremiumTag(databaseId: number): void {
  apiPost('/api/active-campaign/create-premium-tag', { database_id: databaseId }).catch((error: unknown) =>
    console.warn('The premium campaign tag was not added', error),
  );
}

/** Reloads the client record after a billing change, so the header, menus and buttons follow. */
export async function reloadClientRecord(email: string): Promise<ClientRecord | null> {
  try {
    const client = await getClientRecord(email);
    setClientRecord(client);
    return client;
  } catch {
    return null;
  }
}
