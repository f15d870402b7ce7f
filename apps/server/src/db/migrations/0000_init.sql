CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dial_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_meta" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"price" integer NOT NULL,
	"stripe_price_id" text NOT NULL,
	"interval" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"membership_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_plan_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_plan_id" integer NOT NULL,
	"type" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"link_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"product_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"tag_id" integer,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "plan_meta" ADD CONSTRAINT "plan_meta_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_plan_links" ADD CONSTRAINT "project_plan_links_project_plan_id_project_plans_id_fk" FOREIGN KEY ("project_plan_id") REFERENCES "public"."project_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_plan_links_plan_idx" ON "project_plan_links" USING btree ("project_plan_id");--> statement-breakpoint
CREATE INDEX "project_plans_active_idx" ON "project_plans" USING btree ("active");