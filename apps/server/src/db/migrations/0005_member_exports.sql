CREATE TABLE "member_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"job_id" integer,
	"token_hash" text NOT NULL,
	"parts_done" integer DEFAULT 0 NOT NULL,
	"parts_total" integer DEFAULT 0 NOT NULL,
	"archive" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "member_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "member_exports" ADD CONSTRAINT "member_exports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_exports" ADD CONSTRAINT "member_exports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_exports_client_idx" ON "member_exports" USING btree ("client_id");