CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"traffic_percent" smallint DEFAULT 100 NOT NULL,
	"variants" jsonb NOT NULL,
	"goal" text NOT NULL,
	"min_days" smallint DEFAULT 14 NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"shipped_variant" smallint,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_key_unique" UNIQUE("key"),
	CONSTRAINT "experiments_key_valid" CHECK ("experiments"."key" ~ '^[0-9a-f]{8}$'),
	CONSTRAINT "experiments_name_valid" CHECK (char_length("experiments"."name") between 1 and 120),
	CONSTRAINT "experiments_target_valid" CHECK ("experiments"."target" in ('home-hero', 'header-cta')),
	CONSTRAINT "experiments_status_valid" CHECK ("experiments"."status" in ('draft', 'running', 'stopped')),
	CONSTRAINT "experiments_goal_valid" CHECK ("experiments"."goal" in ('free-audit', 'contact', 'booked-call', 'qualified', 'won-value')),
	CONSTRAINT "experiments_traffic_valid" CHECK ("experiments"."traffic_percent" between 1 and 100),
	CONSTRAINT "experiments_min_days_valid" CHECK ("experiments"."min_days" between 1 and 365),
	CONSTRAINT "experiments_variants_valid" CHECK (jsonb_typeof("experiments"."variants") = 'array' and jsonb_array_length("experiments"."variants") between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "page_copy" (
	"target" text PRIMARY KEY NOT NULL,
	"copy" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "page_copy_target_valid" CHECK ("page_copy"."target" in ('home-hero', 'header-cta'))
);
--> statement-breakpoint
CREATE TABLE "page_copy_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"copy" jsonb NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "experiment_key" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "variant" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_one_running" ON "experiments" USING btree ("status") WHERE "experiments"."status" = 'running';--> statement-breakpoint
CREATE INDEX "page_copy_revisions_target_at_idx" ON "page_copy_revisions" USING btree ("target","at");--> statement-breakpoint
CREATE INDEX "analytics_events_experiment_idx" ON "analytics_events" USING btree ("experiment_key","variant") WHERE "analytics_events"."experiment_key" is not null;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_variant_valid" CHECK (("analytics_events"."experiment_key" is null) = ("analytics_events"."variant" is null) and coalesce("analytics_events"."variant", 0) between 0 and 9);