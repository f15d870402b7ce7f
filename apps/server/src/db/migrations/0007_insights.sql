ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts confirmed before the column: their last change is the best date known.
UPDATE "users" SET "confirmed_at" = "updated_at" WHERE "confirmed";--> statement-breakpoint
CREATE INDEX "billing_subscriptions_status_plan_idx" ON "billing_subscriptions" USING btree ("status","plan_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_canceled_idx" ON "billing_subscriptions" USING btree ("canceled_at");--> statement-breakpoint
CREATE INDEX "template_purchases_completed_idx" ON "template_purchases" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "clients_trial_start_idx" ON "clients" USING btree ("trial_start");--> statement-breakpoint
CREATE INDEX "clients_trial_end_idx" ON "clients" USING btree ("trial_end");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_confirmed_idx" ON "users" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "lifetime_deal_codes_redeemed_at_idx" ON "lifetime_deal_codes" USING btree ("redeemed_at");--> statement-breakpoint
CREATE INDEX "lifetime_deal_codes_claimed_at_idx" ON "lifetime_deal_codes" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "ai_usage_period_idx" ON "ai_usage" USING btree ("period");