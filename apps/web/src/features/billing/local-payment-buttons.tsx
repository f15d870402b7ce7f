import { Button } from 'antd';
import { useState } from 'react';
import { approveSandboxOrder } from '../../shared/billing/billing.api';
import type { PaymentButtonsProps } from '../../shared/billing/card-form';

/**
 * The sandbox provider's payment button: creates the order on our server, approves it at the provider
 * as the payer would at PayPal, then hands it back for capture.
 */
export function LocalPaymentButtons({ createOrder, onApprove, onError }: PaymentButtonsProps) {
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const orderId = await createOrder();
      await approveSandboxOrder(orderId);
      await onApprove(orderId);
    } catch (error) {
      onError(error instanceof Error ? error.message : 'Please try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="billing-pay-buttons">
      <p className="billing-card-form__sandbox">Sandbox payment: no real money is taken.</p>
      <Button type="primary" size="large" block loading={busy} onClick={pay}>
        Pay
      </Button>
    </div>
  );
}
