import { PLAN_IDS } from '@dpp/shared/constants';
import { monthlyPriceDollars } from '@dpp/shared/rules/pricing';
import { templatePriceDollars } from '@dpp/shared/rules/templates';
import { Button, Modal, Spin } from 'antd';
import { usePlans } from '../catalogue/catalogue.api';
import { removeStorage, STORAGE_KEYS } from '../session';
import { usePlanChoice } from './plan-choice';
import './choose-membership.css';
import { PageLink } from '../navigation';

interface ChooseMembershipModalProps {
  open: boolean;
  onClose(): void;
  /** The template being taken: it can also be bought once. */
  template: { id: number; price: number; productName: string };
}

const MEMBERSHIP_CARDS = [
  { id: PLAN_IDS.GROWTH, title: 'Growth Plan' },
  { id: PLAN_IDS.PREMIUM, title: 'Premium Plan' },
] as const;

/**
 * The Choose Membership modal of a paid template (docs/product-rules.md, Pricing): Growth Plan, Premium Plan, Cancel.
 */
export function ChooseMembershipModal({ open, onClose, template }: ChooseMembershipModalProps) {
  const { data, isPending } = usePlans({ enabled: open });
  const { buttonFor, choose, pending, known } = usePlanChoice();

  const cancel = () => {
    removeStorage(STORAGE_KEYS.PLAN_ID);
    removeStorage(STORAGE_KEYS.PLAN_TITLE);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Choose Membership"
      onCancel={cancel}
      footer={<Button onClick={cancel}>Cancel</Button>}
      width={640}
    >
      {isPending || !known ? (
        <Spin />
      ) : (
        <div className="billing-membership">
          {MEMBERSHIP_CARDS.map(({ id, title }) => {
            const plan = data?.data.find((p) => p.id === id);
            if (!plan) return null;
            const button = buttonFor(plan);
            return (
              <section key={id} className="billing-membership__card" aria-label={title}>
                <h3>{title}</h3>
                <p className="billing-membership__price">${monthlyPriceDollars(plan)} / month</p>
                <p>{plan.description}</p>
                <Button
                  type="primary"
                  disabled={button.action === 'none'}
                  loading={pending === plan.id}
                  onClick={() => void choose(plan)}
                  aria-label={`${button.text}: ${title}`}
                >
                  {button.text}
                </Button>
              </section>
            );
          })}
        </div>
      )}
      {template.price > 0 && (
        <p className="billing-membership__once">
          Or{' '}
          <PageLink to={`/payment/${template.id}`}>
            buy {template.productName} once for ${templatePriceDollars(template.price)}
          </PageLink>
          .
        </p>
      )}
    </Modal>
  );
}
