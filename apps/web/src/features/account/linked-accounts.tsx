import { SECURITY_MESSAGES } from '@dpp/shared/messages';
import type { SocialProvider } from '@dpp/shared/schemas/identity-extras';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { getLinkedAccounts, unlinkAccount } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const LINKED_QUERY = ['identity', 'linked-accounts'] as const;

/** The Google and Facebook accounts that sign in to this one; each can be unlinked once a password exists. */
export function LinkedAccounts() {
  const queryClient = useQueryClient();
  const linked = useQuery({ queryKey: LINKED_QUERY, queryFn: getLinkedAccounts });
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  if (!linked.data) return null;

  const unlink = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      await unlinkAccount(provider);
      void notify(
        'success',
        SECURITY_MESSAGES.UNLINKED_TITLE,
        `${PROVIDER_NAMES[provider]} no longer logs in to this account.`,
      );
      await queryClient.invalidateQueries({ queryKey: LINKED_QUERY });
    } catch (error) {
      void notify(
        'error',
        'Error',
        error instanceof ApiError && error.status < 500 ? error.message : 'Please try again',
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {linked.data.accounts.map((account) => (
        <div className="account-row" key={account.provider}>
          <div>
            <strong>{PROVIDER_NAMES[account.provider]}</strong>
            <p>
              Linked: you can log in with {PROVIDER_NAMES[account.provider]} as {account.email}.
              {!linked.data.has_password && ` ${SECURITY_MESSAGES.UNLINK_NEEDS_PASSWORD}.`}
            </p>
          </div>
          <Button
            onClick={() => void unlink(account.provider)}
            loading={busy === account.provider}
            disabled={!linked.data.has_password}
            aria-label={`Unlink ${PROVIDER_NAMES[account.provider]}`}
          >
            Unlink
          </Button>
        </div>
      ))}
    </>
  );
}
