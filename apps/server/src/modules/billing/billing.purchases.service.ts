import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, centsToAmount } from '@dpp/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { OneTimePaymentsPort } from '../../ports/payments.port';
import type { ClientRow } from '../clients';
import { findTemplateRow } from '../templates';
import { hasPaidForTemplate } from './billing.repository';
import { templatePurchases } from './billing.tables';
import { mayUploadTemplate } from './billing.template-access';

interface PurchasesDependencies {
  db: Database;
  orders: OneTimePaymentsPort;
  clock: Clock;
}

/** One-time purchases of paid templates: the order at the template's price, its capture, and what was bought. */
export function purchasesService({ db, orders, clock }: PurchasesDependencies) {
  /** The purchase an order id names, when it is the client's own. */
  async function ownPurchase(client: ClientRow, orderId: string) {
    const [purchase] = await db
      .select()
      .from(templatePurchases)
      .where(and(eq(templatePurchases.provider, orders.kind), eq(templatePurchases.orderId, orderId)));
    if (!purchase) throw new AppError('NOT_FOUND', BILLING_MESSAGES.ORDER_NOT_FOUND);
    if (purchase.clientId !== client.id) throw new AppError('FORBIDDEN', 'This order belongs to another account.');
    return purchase;
  }

  return {
    ownPurchase,

    paymentButtonsConfig() {
      return { client_id: orders.clientId(), provider: orders.kind };
    },

    /** A one-time purchase of a paid template: the server sets the amount from the template's price. */
    async createOrder(client: ClientRow, projectPlanId: number) {
      const template = await findTemplateRow(db, projectPlanId);
      if (!template?.active) throw new AppError('NOT_FOUND', 'No such project plan.');
      if (template.free || template.price <= 0) throw new AppError('CONFLICT', BILLING_MESSAGES.NOT_FOR_SALE);
      if (await hasPaidForTemplate(db, client.id, template.id)) {
        throw new AppError('CONFLICT', BILLING_MESSAGES.ALREADY_PURCHASED);
      }
      const order = await orders.createOrder(
        {
          description: template.productName,
          value: centsToAmount(template.price),
          referenceId: `project-plan-${template.id}`,
        },
        `order-${client.id}-${randomUUID()}`,
      );
      await db.insert(templatePurchases).values({
        clientId: client.id,
        projectPlanId: template.id,
        provider: orders.kind,
        orderId: order.id,
        amountCents: template.price,
        status: 'CREATED',
      });
      return { id: order.id };
    },

    async captureOrder(client: ClientRow, orderId: string) {
      const purchase = await ownPurchase(client, orderId);
      if (purchase.status !== 'COMPLETED') {
        const order = await orders.captureOrder(orderId, `capture-${orderId}`);
        if (
          order.status !== 'COMPLETED' ||
          order.value !== centsToAmount(purchase.amountCents) ||
          order.currency !== 'USD'
        ) {
          throw new AppError('UPSTREAM_FAILED', 'The payment provider did not complete the payment.');
        }
        await db
          .update(templatePurchases)
          .set({ status: 'COMPLETED', completedAt: clock.now() })
          .where(and(eq(templatePurchases.id, purchase.id), eq(templatePurchases.status, 'CREATED')));
      }
      return { id: orderId, status: 'COMPLETED', project_plan_id: purchase.projectPlanId };
    },

    async purchaseStatus(client: ClientRow, projectPlanId: number) {
      const template = await findTemplateRow(db, projectPlanId);
      if (!template) throw new AppError('NOT_FOUND', 'No such project plan.');
      return { project_plan_id: template.id, paid: await mayUploadTemplate(db, client.id, template.id, clock.now()) };
    },
  };
}

export type PurchasesService = ReturnType<typeof purchasesService>;
