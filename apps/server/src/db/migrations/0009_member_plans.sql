CREATE TABLE "member_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_sent_tool" text,
	"last_sent_url" text
);
--> statement-breakpoint
ALTER TABLE "plan_permissions" ADD COLUMN "limit" integer;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_plans_client_idx" ON "member_plans" USING btree ("client_id","updated_at");