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
ALTER TABLE "person_interactions" ADD CONSTRAINT "person_interactions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_interactions_email_key_idx" ON "person_interactions" USING btree ("email_key","occurred_at" DESC NULLS LAST);--> statement-breakpoint
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
