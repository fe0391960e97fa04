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
CREATE TABLE "calendar_busy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_order" CHECK ("calendar_busy"."ends_at" > "calendar_busy"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"server_url" text NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"calendar_url" text NOT NULL,
	"calendar_name" text,
	"calendars_found" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"sync_failures" integer DEFAULT 0 NOT NULL,
	"sync_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_server_url_valid" CHECK (char_length("calendar_connections"."server_url") <= 2048 and "calendar_connections"."server_url" ~* '^https?://'),
	CONSTRAINT "calendar_connections_calendar_url_valid" CHECK (char_length("calendar_connections"."calendar_url") <= 2000 and "calendar_connections"."calendar_url" ~* '^https?://'),
	CONSTRAINT "calendar_connections_username_valid" CHECK (btrim("calendar_connections"."username") <> '' and char_length("calendar_connections"."username") <= 200),
	CONSTRAINT "calendar_connections_name_valid" CHECK ("calendar_connections"."calendar_name" is null or char_length("calendar_connections"."calendar_name") <= 200),
	CONSTRAINT "calendar_connections_error_valid" CHECK ("calendar_connections"."last_error" is null or char_length("calendar_connections"."last_error") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"user_id" text NOT NULL,
	"uid" text NOT NULL,
	"object_url" text,
	"etag" text,
	"pending_action" text,
	"ics_text" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"written_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_user_id_uid_pk" PRIMARY KEY("user_id","uid"),
	CONSTRAINT "calendar_events_action_valid" CHECK ("calendar_events"."pending_action" is null or "calendar_events"."pending_action" in ('put', 'delete')),
	CONSTRAINT "calendar_events_uid_valid" CHECK ("calendar_events"."uid" ~ '^[A-Za-z0-9@._-]{1,200}$'),
	CONSTRAINT "calendar_events_ics_valid" CHECK ("calendar_events"."ics_text" is null or char_length("calendar_events"."ics_text") <= 100000),
	CONSTRAINT "calendar_events_error_valid" CHECK ("calendar_events"."last_error" is null or char_length("calendar_events"."last_error") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "lead_stages" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"counts_as_contact" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_stages_key_valid" CHECK ("lead_stages"."key" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'),
	CONSTRAINT "lead_stages_name_valid" CHECK (btrim("lead_stages"."name") <> '' and char_length("lead_stages"."name") <= 40)
);
--> statement-breakpoint
CREATE TABLE "person_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"summary" text NOT NULL,
	"member_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_interactions_kind_valid" CHECK ("person_interactions"."kind" in ('call', 'email', 'whatsapp', 'meeting')),
	CONSTRAINT "person_interactions_summary_valid" CHECK (btrim("person_interactions"."summary") <> '' and char_length("person_interactions"."summary") <= 2000),
	CONSTRAINT "person_interactions_email_key_valid" CHECK ("person_interactions"."email_key" = lower(btrim("person_interactions"."email_key")) and btrim("person_interactions"."email_key") <> '' and char_length("person_interactions"."email_key") <= 254)
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_valid";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_days_off" ADD CONSTRAINT "booking_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_interactions" ADD CONSTRAINT "person_interactions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_host_start_booked_key" ON "bookings" USING btree ("host_id","starts_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_host_starts_idx" ON "bookings" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_lower_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "calendar_busy_user_range_idx" ON "calendar_busy" USING btree ("user_id","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "calendar_connections_due_idx" ON "calendar_connections" USING btree ("sync_due_at");--> statement-breakpoint
CREATE INDEX "calendar_events_due_idx" ON "calendar_events" USING btree ("next_attempt_at") WHERE "calendar_events"."pending_action" is not null;--> statement-breakpoint
CREATE INDEX "lead_stages_position_idx" ON "lead_stages" USING btree ("position");--> statement-breakpoint
CREATE INDEX "person_interactions_email_key_idx" ON "person_interactions" USING btree ("email_key","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_won_at_idx" ON "leads" USING btree ("won_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deal_value_valid" CHECK ("leads"."deal_value" is null or "leads"."deal_value" between 0 and 1000000000);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_attachments_valid" CHECK ("notifications"."attachments" is null or (jsonb_typeof("notifications"."attachments") = 'array' and pg_column_size("notifications"."attachments") <= 262144));--> statement-breakpoint
-- ---- Written by hand (docs/decisions/0067): keep this block at the end of the migration. ----
-- The five built-in stages, then the foreign key that makes every stored status name a stage (added
-- after them, so existing leads satisfy it), then the first-contact trigger of leads reading the
-- stage's counts_as_contact instead of a fixed list (a custom stage counts as contacted), then the
-- won_at stamp (set when a lead moves to Won, cleared when it leaves) with its back-fill.
INSERT INTO "lead_stages" ("key", "name", "position", "builtin", "counts_as_contact") VALUES
  ('new', 'New', 10, true, false),
  ('contacted', 'Contacted', 20, true, true),
  ('qualified', 'Qualified', 30, true, true),
  ('won', 'Won', 40, true, true),
  ('lost', 'Lost', 50, true, false)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_stage_fk" FOREIGN KEY ("status") REFERENCES "lead_stages"("key") ON DELETE NO ACTION ON UPDATE NO ACTION;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stamp_lead_first_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_contacted_at IS NULL AND OLD.status = 'new' AND NEW.status IS DISTINCT FROM OLD.status
     AND EXISTS (SELECT 1 FROM lead_stages WHERE key = NEW.status AND counts_as_contact) THEN
    NEW.first_contacted_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_first_contact ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_first_contact BEFORE UPDATE OF status ON leads
  FOR EACH ROW EXECUTE FUNCTION stamp_lead_first_contact();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stamp_lead_won() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'won' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'won') THEN
    NEW.won_at := now();
  ELSIF NEW.status IS DISTINCT FROM 'won' THEN
    NEW.won_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_won_at BEFORE INSERT OR UPDATE OF status ON leads
  FOR EACH ROW EXECUTE FUNCTION stamp_lead_won();
--> statement-breakpoint
-- Leads already won: the last change of the row is the best record of when (the activity trail is pruned by age).
UPDATE leads SET won_at = updated_at WHERE status = 'won' AND won_at IS NULL;
--> statement-breakpoint
-- ==== Hand-written (person erasure, docs/decisions/0068): carry this block over when the migration is regenerated ====
-- The activity trail stays append-only (0008), with one more exception: erase_audit_personal_data()
-- may rewrite what a row says about a person (the address typed, the record id of a person's export,
-- the before/after snapshots), never who did what, when, from where or to which table.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('audit.prune', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('audit.erase', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action
     AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id AND NEW.role IS NOT DISTINCT FROM OLD.role
     AND NEW.table_name IS NOT DISTINCT FROM OLD.table_name AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erase_audit_personal_data(changes jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM set_config('audit.erase', 'on', true);
  UPDATE audit_events a
    SET email = c.email, record_id = c.record_id, before = c.before, after = c.after
    FROM jsonb_to_recordset(changes) AS c(id uuid, email text, record_id text, before jsonb, after jsonb)
    WHERE a.id = c.id;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('audit.erase', 'off', true);
  RETURN changed;
END;
$$;
-- ==== End of the hand-written block ====
