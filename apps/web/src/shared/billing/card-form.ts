/**
 * What /subscribe gives a card form: the local sandbox form and the Stripe Elements form take the same
 * props, so the provider named by publish-key decides which one is drawn.
 */
export interface CardFormProps {
  /** The provider's publishable key from publish-key (Stripe.js needs it; the sandbox form does not). */
  publishableKey: string;
  /** The setup intent's client secret from create-setup-intent. */
  clientSecret: string;
  /** Absolute URL the provider returns the browser to once the card is confirmed. */
  returnUrl: string;
  /** The text to show when the card is refused (the provider's message for card and validation errors). */
  onError(message: string): void;
}

/** What the Payment view gives a payment-button component (the local one or PayPal's). */
export interface PaymentButtonsProps {
  /** The provider's public client id from /api/paypal/client-id (PayPal's script needs it). */
  clientId: string;
  /** Creates the order on our server; resolves to its id. */
  createOrder(): Promise<string>;
  /** The payer approved: our server captures the order. */
  onApprove(orderId: string): Promise<void>;
  onError(message: string): void;
}
