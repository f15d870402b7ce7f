CREATE TABLE "leases" (
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leases_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
ALTER TABLE "member_plan_sends" ADD COLUMN "reading_since" timestamp with time zone;