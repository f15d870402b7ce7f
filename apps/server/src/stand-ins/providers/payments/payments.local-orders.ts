import { randomBytes } from 'node:crypto';
import { BILLING_MESSAGES } from '@dpp/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import type { Clock } from '../../../lib/clock';
import type { OneTimePaymentsPort, OrderStatus, OrderView, SandboxOrders } from '../../../ports/payments.port';
import { localOrders } from './payments.local.tables';

type OrderRow = typeof localOrders.$inferSelect;

const toOrder = (row: OrderRow): OrderView => ({
  id: row.id,
  status: row.status as OrderStatus,
  description: row.description,
  currency: 'USD',
  value: row.value,
  referenceId: row.referenceId,
  captureId: row.captureId,
});

/** PayPal-style ids: 17 upper-case letters and digits. */
const orderId = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);

/**
 * The local one-time payment provider: PayPal Orders v2's states (CREATED -> APPROVED -> COMPLETED)
 * kept in our database. The browser's sandbox 'Pay' button approves an order, as the payer does at PayPal.
 */
export class LocalOrderPayments implements OneTimePaymentsPort, SandboxOrders {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  clientId(): string {
    return 'local-sandbox';
  }

  async createOrder(input: { description: string; value: string; referenceId: string }, requestId: string) {
    if (!/^\d+\.\d{2}$/.test(input.value))
      throw new AppError('VALIDATION_FAILED', 'The amount must be a decimal value.');
    await this.db
      .insert(localOrders)
      .values({ id: orderId(), status: 'CREATED', ...input, requestId, createdAt: this.clock.now() })
      .onConflictDoNothing({ target: localOrders.requestId });
    const [row] = await this.db.select().from(localOrders).where(eq(localOrders.requestId, requestId));
    return toOrder(row!);
  }

  async getOrder(id: string) {
    const [row] = await this.db.select().from(localOrders).where(eq(localOrders.id, id));
    if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.ORDER_NOT_FOUND);
    return toOrder(row);
  }

  async approveOrder(id: string): Promise<OrderView> {
    const [row] = await this.db
      .update(localOrders)
      .set({ status: 'APPROVED' })
      .where(and(eq(localOrders.id, id), eq(localOrders.status, 'CREATED')))
      .returning();
    return row ? toOrder(row) : this.getOrder(id);
  }

  async captureOrder(id: string, _requestId: string) {
    const [row] = await this.db
      .update(localOrders)
      .set({ status: 'COMPLETED', captureId: randomBytes(9).toString('hex').toUpperCase() })
      .where(and(eq(localOrders.id, id), eq(localOrders.status, 'APPROVED')))
      .returning();
    if (row) return toOrder(row);
    const order = await this.getOrder(id);
    if (order.status === 'COMPLETED') return order;
    // PayPal answers 422 ORDER_NOT_APPROVED.
    throw new AppError('PAYMENT_REQUIRED', BILLING_MESSAGES.ORDER_NOT_APPROVED);
  }
}
