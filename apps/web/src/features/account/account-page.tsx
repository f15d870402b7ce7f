import { ACCOUNT_MESSAGES } from '@dpp/shared/messages';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { Tabs } from 'antd';
import { useSession } from '../../app/session';
import { signOut } from '../../app/session-store';
import { DeliveryInfoSection } from './delivery-info-section';
import { PersonalInfoSection } from './personal-info-section';
import { SecuritySection } from './security-section';
import './account.css';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Settings: the subscription state and Log out. Cancel Trial / Cancel Subscription arrive with billing. */
function SettingsMenu({ client }: { client: ClientRecord | null }) {
  const subscribed = subscriptionState(client, Date.now() / 1000) !== 'none';
  return (
    <nav className="account-settings" aria-labelledby="account-settings">
      <h2 id="account-settings">Settings</h2>
      <ul>
        {!subscribed && (
          <li>
            <span className="account-settings__note">Not a subscriber</span>
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

function membershipLabel(client: ClientRecord | null): string {
  return client?.is_appsumo_user ? ACCOUNT_MESSAGES.LIFETIME_DEAL_MEMBERSHIP : ACCOUNT_MESSAGES.BASIC_MEMBERSHIP;
}

/** /myAccount: profile, membership and security of the signed-in user. */
export function AccountPage() {
  const { identity, client } = useSession();
  useDocumentTitle('My Account');
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
        <p className="account-membership">{membershipLabel(client)}</p>
      </section>
      <SecuritySection />
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
