import { Button, Switch } from 'antd';
import { lazy, Suspense, useState } from 'react';

const ChangePasswordModal = lazy(async () => ({
  default: (await import('./change-password-modal')).ChangePasswordModal,
}));

/** Password change, and two-factor authentication (not available yet: another issue makes it work). */
export function SecuritySection() {
  const [modalOpen, setModalOpen] = useState(false);
  const [modalLoaded, setModalLoaded] = useState(false);
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
          <p id="two-factor-note">Not available yet.</p>
        </div>
        <Switch disabled aria-labelledby="two-factor-label" aria-describedby="two-factor-note" />
      </div>
      {modalLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordModal open={modalOpen} onClose={() => setModalOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
