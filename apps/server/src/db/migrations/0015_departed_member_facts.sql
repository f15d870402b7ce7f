CREATE TABLE "departed_ai_usage" (
	"departed_member_id" uuid NOT NULL,
	"period" text NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departed_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signed_up_on" date,
	"activated_on" date,
	"trial_started_on" date,
	"trial_ended_on" date,
	"trial_converted" boolean DEFAULT false NOT NULL,
	"plan_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departed_plan_copies" (
	"departed_member_id" uuid NOT NULL,
	"taken_on" date NOT NULL,
	"edited_on" date,
	"sent_on" date,
	"progressing_on" date,
	"template_id" integer
);
--> statement-breakpoint
CREATE TABLE "departed_uploads" (
	"departed_member_id" uuid NOT NULL,
	"queued_on" date NOT NULL,
	"tool" text,
	"status" text NOT NULL,
	"seconds" double precision,
	"template_id" integer
);
--> statement-breakpoint
ALTER TABLE "departed_ai_usage" ADD CONSTRAINT "departed_ai_usage_departed_member_id_departed_members_id_fk" FOREIGN KEY ("departed_member_id") REFERENCES "public"."departed_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departed_plan_copies" ADD CONSTRAINT "departed_plan_copies_departed_member_id_departed_members_id_fk" FOREIGN KEY ("departed_member_id") REFERENCES "public"."departed_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departed_uploads" ADD CONSTRAINT "departed_uploads_departed_member_id_departed_members_id_fk" FOREIGN KEY ("departed_member_id") REFERENCES "public"."departed_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departed_ai_usage_period_idx" ON "departed_ai_usage" USING btree ("period");--> statement-breakpoint
CREATE INDEX "departed_members_signed_up_idx" ON "departed_members" USING btree ("signed_up_on");--> statement-breakpoint
CREATE INDEX "departed_members_activated_idx" ON "departed_members" USING btree ("activated_on");--> statement-breakpoint
CREATE INDEX "departed_members_trial_started_idx" ON "departed_members" USING btree ("trial_started_on");--> statement-breakpoint
CREATE INDEX "departed_members_trial_ended_idx" ON "departed_members" USING btree ("trial_ended_on");--> statement-breakpoint
CREATE INDEX "departed_plan_copies_taken_idx" ON "departed_plan_copies" USING btree ("taken_on");--> statement-breakpoint
CREATE INDEX "departed_uploads_queued_idx" ON "departed_uploads" USING btree ("queued_on");