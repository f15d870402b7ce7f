CREATE TABLE "member_plan_progress" (
	"member_plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"done" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "member_plan_progress_member_plan_id_day_pk" PRIMARY KEY("member_plan_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_plan_sends" (
	"member_plan_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"tool" text NOT NULL,
	"project_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"tasks" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reported" jsonb,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"next_read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_plan_progress" ADD CONSTRAINT "member_plan_progress_member_plan_id_member_plan_sends_member_plan_id_fk" FOREIGN KEY ("member_plan_id") REFERENCES "public"."member_plan_sends"("member_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plan_sends" ADD CONSTRAINT "member_plan_sends_member_plan_id_member_plans_id_fk" FOREIGN KEY ("member_plan_id") REFERENCES "public"."member_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plan_sends" ADD CONSTRAINT "member_plan_sends_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_plan_sends_next_read_idx" ON "member_plan_sends" USING btree ("next_read_at");--> statement-breakpoint
CREATE INDEX "member_plan_sends_client_idx" ON "member_plan_sends" USING btree ("client_id");