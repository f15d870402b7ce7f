import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import { baseUrl } from './browser';

/** The administrator the browser tests' server starts with (a throwaway database, never a real account). */
export const E2E_ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;

/** Turns a member's sign-in off as an administrator does, through the API (a journey's set-up). */
export async function disableSignIn(email: string): Promise<void> {
  const signIn = await fetch(`${baseUrl()}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const auth = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
  const list = await fetch(`${baseUrl()}/api/admin/members?q=${encodeURIComponent(email)}`, { headers: auth });
  const [member] = ((await list.json()) as { members: { client_id: number }[] }).members;
  const disabled = await fetch(`${baseUrl()}/api/admin/members/${member!.client_id}/disable-sign-in`, {
    method: 'POST',
    headers: auth,
  });
  if (!disabled.ok) throw new Error(`disable-sign-in: ${disabled.status} ${await disabled.text()}`);
}
