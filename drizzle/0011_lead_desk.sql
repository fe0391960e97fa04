CREATE TABLE "acknowledged_senders" (
	"email" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acknowledged_senders_email_day_pk" PRIMARY KEY("email","day")
);
--> statement-breakpoint
CREATE TABLE "spam_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"reason" text NOT NULL,
	"name" text,
	"email" text,
	"fields" jsonb NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_submissions_form_valid" CHECK ("spam_submissions"."form" in ('audit', 'contact')),
	CONSTRAINT "spam_submissions_reason_valid" CHECK ("spam_submissions"."reason" in ('honeypot', 'too-fast')),
	CONSTRAINT "spam_submissions_fields_object" CHECK (jsonb_typeof("spam_submissions"."fields") = 'object' and pg_column_size("spam_submissions"."fields") <= 16384),
	CONSTRAINT "spam_submissions_attribution_object" CHECK (jsonb_typeof("spam_submissions"."attribution") = 'object' and pg_column_size("spam_submissions"."attribution") <= 8192),
	CONSTRAINT "spam_submissions_name_valid" CHECK ("spam_submissions"."name" is null or char_length("spam_submissions"."name") <= 120),
	CONSTRAINT "spam_submissions_email_valid" CHECK ("spam_submissions"."email" is null or char_length("spam_submissions"."email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "package" text;--> statement-breakpoint
CREATE INDEX "spam_submissions_created_at_idx" ON "spam_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_service_valid" CHECK ("leads"."service" is null or char_length("leads"."service") <= 80);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_package_valid" CHECK ("leads"."package" is null or char_length("leads"."package") <= 80);