-- Every sending of a copy is followed (ADR 0039, amended): a sending has an id of its own, a copy may have several,
-- and a burn-up point belongs to its sending. Existing rows keep every value; each copy's one sending gets its id
-- and the address its copy recorded, and its points are moved onto it.
ALTER TABLE "member_plan_progress" DROP CONSTRAINT "member_plan_progress_member_plan_id_member_plan_sends_member_plan_id_fk";--> statement-breakpoint
ALTER TABLE "member_plan_progress" DROP CONSTRAINT "member_plan_progress_member_plan_id_day_pk";--> statement-breakpoint
ALTER TABLE "member_plan_sends" DROP CONSTRAINT "member_plan_sends_pkey";--> statement-breakpoint
ALTER TABLE "member_plan_sends" ALTER COLUMN "member_plan_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_plan_sends" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "member_plan_sends" ADD COLUMN "project_url" text;--> statement-breakpoint
UPDATE "member_plan_sends" s SET "project_url" = p."last_sent_url" FROM "member_plans" p WHERE p."id" = s."member_plan_id";--> statement-breakpoint
ALTER TABLE "member_plan_progress" ADD COLUMN "send_id" integer;--> statement-breakpoint
UPDATE "member_plan_progress" g SET "send_id" = s."id" FROM "member_plan_sends" s WHERE s."member_plan_id" = g."member_plan_id";--> statement-breakpoint
ALTER TABLE "member_plan_progress" ALTER COLUMN "send_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_plan_progress" ADD CONSTRAINT "member_plan_progress_send_id_day_pk" PRIMARY KEY("send_id","day");--> statement-breakpoint
ALTER TABLE "member_plan_progress" ADD CONSTRAINT "member_plan_progress_send_id_member_plan_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."member_plan_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_plan_sends_project_idx" ON "member_plan_sends" USING btree ("member_plan_id","project_id");
