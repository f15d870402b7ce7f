import { apiPost } from '../../shared/api/client';

/** The lifetime deal's calls (docs/product-rules.md, Lifetime deal). */

/** POST /appsumo/code answers a text; only 'Coupon code redeemed successfully' means success. */
export async function redeemCode(appSumoCode: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/appsumo/code', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/plain, application/json' },
      body: JSON.stringify({ appSumoCode }),
    });
  } catch {
    return 'We could not reach the server. Please check your connection and try again.';
  }
  const text = await response.text();
  if (response.ok) return text;
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    return text || 'Please try again';
  }
}

/** The buyer's account for a redeemed code: its client record, and the proof that opens the confirmation link. */
export const createLifetimeAccount = (form: {
  nameUser: string;
  lastName: string;
  email: string;
  appSumoCode: string;
}) => apiPost<{ database_id: number; sign_up_proof: string }>('/appsumo/response', form);

/** The mail that lets the buyer set a password. */
export const sendPasswordEmail = (body: { nameUser: string; lastName: string; email: string; database_id: number }) =>
  apiPost('/appsumo/send-password-email', body);
