import { z } from 'zod';

export const PlanPriceSchema = z.object({
  id: z.number().int(),
  /** In cents. */
  price: z.number().int().nonnegative(),
  stripe_price_id: z.string(),
  /** 'month' or 'year'. */
  interval: z.string(),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

export const PlanMetaSchema = z.object({
  id: z.number().int(),
  /** The bullet text shown on the pricing card. */
  name: z.string(),
});
export type PlanMeta = z.infer<typeof PlanMetaSchema>;

export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** '5' marks a subscription. */
  type: z.string(),
  prices: z.array(PlanPriceSchema),
  meta: z.array(PlanMetaSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListResponseSchema = z.object({ data: z.array(PlanSchema) });
export type PlanListResponse = z.infer<typeof PlanListResponseSchema>;
