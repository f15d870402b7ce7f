import { ACCOUNT_MESSAGES, BILLING_MESSAGES } from '@dpp/shared/messages';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { cancelSubscription, cancelTrial, getTrialInfo, reloadClientRecord } from '../../shared/billing/billing.api';
import { notify } from '../../shared/notify';
import { signOut, useSession } from '../../shared/session';
import { DeliveryInfoSection } from './delivery-info-section';
import { MyDataSection } from './my-data-section';
import { PersonalInfoSection } from './personal-info-section';
import { SecuritySection } from './security-section';
import { SessionsSection } from './sessions-section';
import './account.css';
import { useDocumentTitle } from '../../shared/use-document-title';

/** The texts of one cancel action (docs/product-rules.md, Billing). */
const CANCEL_TEXTS = {
  trial: {
    label: 'Cancel Trial',
    progress: [BILLING_MESSAGES.CANCEL_TRIAL_PROGRESS_TITLE, BILLING_MESSAGES.CANCEL_TRIAL_PROGRESS],
    done: [BILLING_MESSAGES.CANCEL_TRIAL_DONE_TITLE, BILLING_MESSAGES.CANCEL_TRIAL_DONE],
    refused: [BILLING_MESSAGES.CANCEL_TRIAL_FAILED_TITLE, BILLING_MESSAGES.CANCEL_TRIAL_FAILED],
    failed: [BILLING_MESSAGES.CANCEL_TRIAL_ERROR_TITLE, BILLING_MESSAGES.CANCEL_TRIAL_ERROR],
    call: cancelTrial,
  },
  paid: {
    label: 'Cancel Subscription',
    progress: [BILLING_MESSAGES.CANCEL_SUBSCRIPTION_PROGRESS_TITLE, BILLING_MESSAGES.CANCEL_SUBSCRIPTION_PROGRESS],
    done: [BILLING_MESSAGES.CANCEL_SUBSCRIPTION_DONE_TITLE, BILLING_MESSAGES.CANCEL_SUBSCRIPTION_DONE],
    refused: [BILLING_MESSAGES.CANCEL_SUBSCRIPTION_FAILED_TITLE, BILLING_MESSAGES.CANCEL_SUBSCRIPTION_TOO_EARLY],
    failed: [BILLING_MESSAGES.CANCEL_SUBSCRIPTION_FAILED_TITLE, BILLING_MESSAGES.CANCEL_SUBSCRIPTION_TOO_EARLY],
    call: cancelSubscription,
  },
} as const;

/** Settings: Cancel Trial or Cancel Subscription while subscribed, else 'Not a subscriber'; and Log out. */
function SettingsMenu({ client }: { client: ClientRecord | null }) {
  const state = subscriptionState(client, Date.now() / 1000);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const cancel = async (kind: 'trial' | 'paid') => {
    if (!client) return;
    const texts = CANCEL_TEXTS[kind];
    setBusy(true);
    void notify('info', texts.progress[0], texts.progress[1]);
    try {
      const { data } = await texts.call(client.id);
      if (data) void notify('success', texts.done[0], texts.done[1]);
      else void notify('error', texts.refused[0], texts.refused[1]);
    } catch (error) {
      // A refusal (409) is the false answer of docs/product-rules.md, Billing; anything else is the failure notice.
      const [title, text] = error instanceof ApiError && error.code === 'CONFLICT' ? texts.refused : texts.failed;
      void notify(
        'error',
        title,
        kind === 'paid' && error instanceof ApiError && error.code === 'CONFLICT' ? error.message : text,
      );
    } finally {
      await reloadClientRecord(client.email);
      await queryClient.invalidateQueries({ queryKey: ['trial-info'] });
      setBusy(false);
    }
  };

  return (
    <nav className="account-settings" aria-labelledby="account-settings">
      <h2 id="account-settings">Settings</h2>
      <ul>
        {state === 'none' ? (
          <li>
            <span className="account-settings__note">{BILLING_MESSAGES.NOT_A_SUBSCRIBER}</span>
          </li>
        ) : (
          <li>
            <button
              type="button"
              className="account-settings__action"
              disabled={busy}
              onClick={() => void cancel(state)}
            >
              {CANCEL_TEXTS[state].label}
            </button>
          </li>
        )}
        <li>
          <button type="button" className="account-settings__action" onClick={signOut}>
            Log out
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** Default 'Basic Membership', 'AppSumo Membership' for lifetime-deal users, otherwise the trial-info text. */
/** The membership as the record read at this visit says it; a spinner until that record and its trial are known. */
function MembershipLabel({ client, fresh }: { client: ClientRecord | null; fresh: boolean }) {
  const email = client?.email ?? '';
  const info = useQuery({
    // The record's billing fields are in the key: a change of subscription reloads the label.
    queryKey: ['trial-info', email, client?.is_subscribed, client?.plan_name],
    queryFn: ({ signal }) => getTrialInfo(email, signal),
    enabled: email !== '' && !client?.is_appsumo_user,
  });
  if (client?.is_appsumo_user) return <>{ACCOUNT_MESSAGES.LIFETIME_DEAL_MEMBERSHIP}</>;
  if (!fresh || info.isLoading) return <Spin size="small" aria-label="Loading the membership" />;
  if (info.isError) console.error('The membership label could not be loaded', info.error);
  return <>{info.data?.data || ACCOUNT_MESSAGES.BASIC_MEMBERSHIP}</>;
}

/** /myAccount: profile, membership and security of the signed-in user. */
export function AccountPage() {
  const { identity, client } = useSession();
  useDocumentTitle('My Account');
  const email = identity?.attributes.email;
  /** The record has been read again at this visit (or the reading failed): the label says what it holds. */
  const [recordFresh, setRecordFresh] = useState(false);
  // Trials end and renewals happen on the server while nobody looks: read the record fresh here.
  useEffect(() => {
    if (email) void reloadClientRecord(email).finally(() => setRecordFresh(true));
  }, [email]);
  // The route guard only lets signed-in users in; the identity is there.
  if (!identity) return null;

  const profile = (
    <>
      <PersonalInfoSection identity={identity} />
      <section className="account-section" aria-labelledby="contact-information">
        <div className="account-section__head">
          <h2 id="contact-information">Contact Information</h2>
        </div>
        <dl className="account-facts account-facts--single">
          <div>
            <dt>Email</dt>
            <dd>{identity.attributes.email}</dd>
          </div>
        </dl>
      </section>
      <DeliveryInfoSection identity={identity} />
      <section className="account-section" aria-labelledby="membership-plan">
        <div className="account-section__head">
          <h2 id="membership-plan">Membership Plan</h2>
        </div>
        <p className="account-membership" aria-busy={!recordFresh}>
          <MembershipLabel client={client} fresh={recordFresh} />
        </p>
      </section>
      <SecuritySection />
      <SessionsSection />
      <MyDataSection />
    </>
  );

  return (
    <div className="container account-page">
      <h1>My Account</h1>
      <div className="account-layout">
        <SettingsMenu client={client} />
        <Tabs items={[{ key: 'profile', label: 'My Profile', children: profile }]} />
      </div>
    </div>
  );
}
