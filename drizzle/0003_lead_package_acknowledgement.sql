CREATE TABLE "acknowledged_senders" (
	"email" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acknowledged_senders_email_day_pk" PRIMARY KEY("email","day")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "package" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_service_valid" CHECK ("leads"."service" is null or char_length("leads"."service") <= 80);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_package_valid" CHECK ("leads"."package" is null or char_length("leads"."package") <= 80);