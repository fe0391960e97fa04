CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"user_id" text,
	"email" text,
	"role" text,
	"action" text NOT NULL,
	"table_name" text,
	"record_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	CONSTRAINT "audit_events_action_valid" CHECK (char_length("audit_events"."action") between 1 and 100)
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("table_name","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","at");