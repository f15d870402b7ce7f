import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Spin } from 'antd';
import { useRef } from 'react';
import type { PaymentButtonsProps } from '../../../shared/billing/card-form';
import { paypalErrorMessage } from './provider-errors';

/**
 * The same props as the sandbox payment button: createOrder asks OUR server to create the order (it
 * sets the amount), onApprove asks it to capture the approved order and record the purchase.
 */
export type PayPalCheckoutProps = PaymentButtonsProps;

/**
 * PayPal's payment buttons for a one-time purchase. The browser never sets an amount: the server
 * creates the order (intent CAPTURE, USD) and captures it. Default export so pages load it lazily.
 */
export default function PayPalCheckout({ clientId, createOrder, onApprove, onError }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider
      // Venmo is left out: its hosts are not in our content security policy (ADR 0011).
      options={{ clientId, currency: 'USD', intent: 'capture', components: 'buttons', disableFunding: 'venmo' }}
    >
      <Buttons createOrder={createOrder} onApprove={onApprove} onError={onError} />
    </PayPalScriptProvider>
  );
}

function Buttons({ createOrder, onApprove, onError }: Omit<PayPalCheckoutProps, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // PayPal reports a failed createOrder through onError with its own wrapper; keep ours to say why.
  const lastError = useRef<unknown>(null);

  if (isRejected) {
    return <p role="alert">{paypalErrorMessage(null)}</p>;
  }
  return (
    <>
      {isPending && <Spin aria-label="Loading, please wait" />}
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        createOrder={async () => {
          lastError.current = null;
          try {
            return await createOrder();
          } catch (error) {
            lastError.current = error;
            throw error;
          }
        }}
        onApprove={async (data) => {
          try {
            await onApprove(data.orderID);
          } catch (error) {
            onError(paypalErrorMessage(error));
          }
        }}
        onError={(error) => onError(paypalErrorMessage(lastError.current ?? error))}
      />
    </>
  );
}
