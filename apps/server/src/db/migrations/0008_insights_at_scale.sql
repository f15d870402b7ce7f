-- The trigram indexes of the members search need pg_trgm (trusted: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "jobs_kind_created_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "client_id" integer GENERATED ALWAYS AS (case when payload->>'clientId' ~ '^[0-9]{1,9}$' then (payload->>'clientId')::integer end) STORED;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tool" text GENERATED ALWAYS AS (payload->>'tool') STORED;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "template_id" integer GENERATED ALWAYS AS (case when payload->>'planId' ~ '^[0-9]{1,9}$' then (payload->>'planId')::integer end) STORED;--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("given_name" || ' ' || "family_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_client_idx" ON "jobs" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at","status","tool","template_id","client_id","finished_at");