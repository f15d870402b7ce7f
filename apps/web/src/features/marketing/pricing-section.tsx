import { CheckOutlined } from '@ant-design/icons';
import { PLAN_IDS } from '@dpp/shared/constants';
import type { PricingButton } from '@dpp/shared/rules/billing';
import { monthlyPriceDollars, pricingCards } from '@dpp/shared/rules/pricing';
import type { Plan } from '@dpp/shared/schemas/plans';
import type { ReactNode } from 'react';
import { usePlanChoice } from '../../shared/billing/plan-choice';
import { usePlans } from '../../shared/catalogue/catalogue.api';
import { AccountPending } from './account-pending';
import { PRICES_ANCHOR } from './landing-viewer';
import { LoadError } from './load-error';
import './pricing-section.css';

const formatDollars = (dollars: number) => (Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2));

interface PricingCardProps {
  plan: Plan;
  /** Null until the account is known: a placeholder takes the text's place. */
  button: PricingButton | null;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}

function PricingCard({ plan, button, busy, onChoose }: PricingCardProps) {
  const popular = plan.id === PLAN_IDS.GROWTH;
  const buttonText = button?.text ?? 'Loading';
  return (
    <li className={popular ? 'lp-price lp-price--popular' : 'lp-price'}>
      {popular && <p className="lp-price__badge">Most popular</p>}
      <h3 className="lp-price__name">{plan.name}</h3>
      <p className="lp-price__amount">
        <span className="lp-price__value">${formatDollars(monthlyPriceDollars(plan))}</span> / month
      </p>
      {plan.description && <p className="lp-price__description">{plan.description}</p>}
      <ul className="lp-price__features">
        {plan.meta.map((meta) => (
          <li key={meta.id}>
            <CheckOutlined aria-hidden className="lp-price__check" />
            <span>{meta.name}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`lp-button lp-button--block lp-price__button${popular ? ' lp-button--primary' : ''}`}
        onClick={() => onChoose(plan)}
        disabled={busy}
        aria-disabled={button === null || button.action === 'none'}
        aria-busy={busy || button === null}
        aria-label={`${buttonText}: ${plan.name} plan`}
      >
        {button ? button.text : <AccountPending />}
      </button>
    </li>
  );
}

function PricingSkeleton() {
  return (
    <div className="lp-prices lp-prices--loading" role="status">
      <span className="lp-sr-only">Loading plans…</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="lp-price lp-price--skeleton" aria-hidden="true">
          <span className="lp-skeleton lp-price__skeleton-title" />
          <span className="lp-skeleton lp-price__skeleton-amount" />
          {[0, 1, 2, 3, 4].map((line) => (
            <span key={line} className="lp-skeleton lp-price__skeleton-line" />
          ))}
          <span className="lp-skeleton lp-price__skeleton-button" />
        </div>
      ))}
    </div>
  );
}

interface PricingSectionProps {
  /** Plans are fetched only once this turns true, a moment after the landing page appeared. */
  fetchEnabled: boolean;
}

/** The pricing section (anchor #prices): Essential, Growth and Premium cards. */
export function PricingSection({ fetchEnabled }: PricingSectionProps) {
  const { data, isPending, isError, refetch, isFetching } = usePlans({ enabled: fetchEnabled });
  const { buttonFor, choose, pending, known } = usePlanChoice();
  const cards = pricingCards(data?.data ?? []);

  let content: ReactNode;
  if (isError) {
    content = (
      <LoadError
        message="We could not load the plans. Please check your connection and try again."
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else if (isPending) {
    content = <PricingSkeleton />;
  } else if (cards.length === 0) {
    content = <p className="lp-prices__empty">Plans are not available right now. Please come back soon.</p>;
  } else {
    content = (
      <ul className="lp-prices">
        {cards.map((plan) => (
          <PricingCard
            key={plan.id}
            plan={plan}
            button={known ? buttonFor(plan) : null}
            busy={pending === plan.id}
            onChoose={(chosen) => void choose(chosen)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section id={PRICES_ANCHOR} className="lp-section lp-section--tint lp-pricing" aria-labelledby="lp-pricing-title">
      <div className="container">
        <header className="lp-section__header">
          <p className="lp-section__eyebrow">Plans</p>
          <h2 id="lp-pricing-title" className="lp-section__title">
            Pricing
          </h2>
          <p className="lp-section__lead">
            Simple plans for every stage of your business. Start free, try a paid plan free for 7 days with no credit
            card, and upgrade when you are ready.
          </p>
        </header>
        <div className="lp-pricing__stage">{content}</div>
        <p className="lp-pricing__note">Memberships are valid for one user only. Prices are in US dollars.</p>
      </div>
    </section>
  );
}
