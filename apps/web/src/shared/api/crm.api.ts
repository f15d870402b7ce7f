import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { apiPost } from './client';

/** Asks the CRM (through our server) whether the user is a toolkit buyer; the server stores the answer. */
export const checkToolkitUser = (client: ClientRecord) =>
  apiPost<{ is_toolkit_user: boolean }>('/api/active-campaign/check-toolkit-user', {
    email: client.email,
    database_id: client.id,
  });

/** Asks the CRM whether the user is a digipremium (course) student; the server stores the answer. */
export const checkDigipremiumUser = (client: ClientRecord) =>
  apiPost<{ is_digipremium: boolean }>('/api/active-campaign/check-digipremium-user', {
    email: client.email,
    database_id: client.id,
  });

export const createCrmContact = (body: { first_name: string; last_name: string; email: string; database_id: number }) =>
  apiPost<{ ok: true }>('/api/active-campaign/create-contact', body);

/**
 * After activation: a user who is not a toolkit buyer becomes a CRM contact. Failures are only
 * logged: the account works without the CRM.
 */
export async function addActivatedContact(client: ClientRecord, names: { given: string; family: string }) {
  try {
    const { is_toolkit_user } = await checkToolkitUser(client);
    if (is_toolkit_user) return;
    await createCrmContact({
      first_name: names.given,
      last_name: names.family,
      email: client.email,
      database_id: client.id,
    });
  } catch (error) {
    console.warn('CRM contact not created', error);
  }
}
