-- Teams (ADR 0052): a member invites teammates by e-mail (single-use invitations of 7 days, only the hash of
-- their secret kept), and gives each a role on each of their copies. A task names its assignee in the copy's
-- document (assignee_id), read as null from copies saved before.
CREATE TABLE "member_plan_access" (
	"member_plan_id" integer NOT NULL,
	"teammate_client_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "member_plan_access_member_plan_id_teammate_client_id_pk" PRIMARY KEY("member_plan_id","teammate_client_id")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_client_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teammates" (
	"owner_client_id" integer NOT NULL,
	"teammate_client_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_plan_access" ADD CONSTRAINT "member_plan_access_member_plan_id_member_plans_id_fk" FOREIGN KEY ("member_plan_id") REFERENCES "public"."member_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plan_access" ADD CONSTRAINT "member_plan_access_teammate_client_id_clients_id_fk" FOREIGN KEY ("teammate_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_clients_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teammates" ADD CONSTRAINT "teammates_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teammates" ADD CONSTRAINT "teammates_teammate_client_id_clients_id_fk" FOREIGN KEY ("teammate_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_plan_access_teammate_idx" ON "member_plan_access" USING btree ("teammate_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_owner_idx" ON "team_invitations" USING btree ("owner_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teammates_pair_idx" ON "teammates" USING btree ("owner_client_id","teammate_client_id");--> statement-breakpoint
CREATE INDEX "teammates_teammate_idx" ON "teammates" USING btree ("teammate_client_id");