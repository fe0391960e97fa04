CREATE TABLE "booking_days_off" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "booking_hosts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"offers_calls" boolean DEFAULT false NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buffer_minutes" integer DEFAULT 15 NOT NULL,
	"notice_minutes" integer DEFAULT 240 NOT NULL,
	"max_per_day" integer DEFAULT 4 NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_hosts_hours_valid" CHECK (jsonb_typeof("booking_hosts"."weekly_hours") = 'array' and jsonb_array_length("booking_hosts"."weekly_hours") <= 50),
	CONSTRAINT "booking_hosts_buffer_valid" CHECK ("booking_hosts"."buffer_minutes" between 0 and 240),
	CONSTRAINT "booking_hosts_notice_valid" CHECK ("booking_hosts"."notice_minutes" between 0 and 20160),
	CONSTRAINT "booking_hosts_max_valid" CHECK ("booking_hosts"."max_per_day" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text,
	"topic" text NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"outcome" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"lead_id" uuid,
	"submission_key" text,
	"time_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_24h_sent_at" timestamp with time zone,
	"reminder_1h_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "bookings_outcome_valid" CHECK ("bookings"."outcome" is null or "bookings"."outcome" in ('held', 'no_show')),
	CONSTRAINT "bookings_times_valid" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_name_valid" CHECK (btrim("bookings"."name") <> '' and char_length("bookings"."name") <= 120),
	CONSTRAINT "bookings_email_valid" CHECK (btrim("bookings"."email") <> '' and char_length("bookings"."email") <= 254),
	CONSTRAINT "bookings_phone_valid" CHECK (btrim("bookings"."phone") <> '' and char_length("bookings"."phone") <= 32),
	CONSTRAINT "bookings_company_valid" CHECK ("bookings"."company" is null or (btrim("bookings"."company") <> '' and char_length("bookings"."company") <= 160)),
	CONSTRAINT "bookings_topic_valid" CHECK (btrim("bookings"."topic") <> '' and char_length("bookings"."topic") <= 5000),
	CONSTRAINT "bookings_time_zone_valid" CHECK (btrim("bookings"."time_zone") <> '' and char_length("bookings"."time_zone") <= 64),
	CONSTRAINT "bookings_submission_key_valid" CHECK ("bookings"."submission_key" is null or char_length("bookings"."submission_key") <= 100),
	CONSTRAINT "bookings_cancelled_valid" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_days_off" ADD CONSTRAINT "booking_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_host_start_booked_key" ON "bookings" USING btree ("host_id","starts_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_host_starts_idx" ON "bookings" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_lower_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_attachments_valid" CHECK ("notifications"."attachments" is null or (jsonb_typeof("notifications"."attachments") = 'array' and pg_column_size("notifications"."attachments") <= 262144));