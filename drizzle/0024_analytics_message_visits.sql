CREATE TABLE "analytics_message_visits" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"entry_path" text NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"pages" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_message_visits" ADD CONSTRAINT "analytics_message_visits_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_message_visits_day_idx" ON "analytics_message_visits" USING btree ("day");