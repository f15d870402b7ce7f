import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Switch } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { getMfaStatus } from '../../shared/api/identity.api';
import { LinkedAccounts } from './linked-accounts';

const ChangePasswordModal = lazy(async () => ({
  default: (await import('./change-password-modal')).ChangePasswordModal,
}));
const TwoFactorModal = lazy(async () => ({ default: (await import('./two-factor-modal')).TwoFactorModal }));

const MFA_QUERY = ['identity', 'mfa'] as const;

function twoFactorNote(status: { enabled: boolean; recovery_codes_left: number } | undefined): string {
  if (!status) return 'Checking…';
  if (!status.enabled) return 'Off. Turn it on to be asked for a code from your authenticator app at login.';
  return `On: a code from your authenticator app is asked at login. Recovery codes left: ${status.recovery_codes_left}.`;
}

/** Password change, two-factor authentication and the Google or Facebook accounts linked to this one. */
export function SecuritySection() {
  const [modalOpen, setModalOpen] = useState(false);
  const [modalLoaded, setModalLoaded] = useState(false);
  const [twoFactor, setTwoFactor] = useState<'enable' | 'disable' | null>(null);
  const queryClient = useQueryClient();
  const mfa = useQuery({ queryKey: MFA_QUERY, queryFn: getMfaStatus });
  const enabled = mfa.data?.enabled ?? false;

  return (
    <section className="account-section" aria-labelledby="security">
      <div className="account-section__head">
        <h2 id="security">Security</h2>
      </div>
      <div className="account-row">
        <div>
          <strong>Password</strong>
          <p>Change the password you log in with.</p>
        </div>
        <Button
          onClick={() => {
            setModalLoaded(true);
            setModalOpen(true);
          }}
        >
          Change Password
        </Button>
      </div>
      <div className="account-row">
        <div>
          <strong id="two-factor-label">Two-factor authentication</strong>
          <p id="two-factor-note">{twoFactorNote(mfa.data)}</p>
        </div>
        <Switch
          checked={enabled}
          loading={mfa.isPending}
          disabled={mfa.isError}
          aria-labelledby="two-factor-label"
          aria-describedby="two-factor-note"
          onChange={() => setTwoFactor(enabled ? 'disable' : 'enable')}
        />
      </div>
      <LinkedAccounts />
      {modalLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordModal open={modalOpen} onClose={() => setModalOpen(false)} />
        </Suspense>
      )}
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorModal
            mode={twoFactor}
            open
            onClose={() => setTwoFactor(null)}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: MFA_QUERY })}
          />
        </Suspense>
      )}
    </section>
  );
}
