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
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_valid";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_stages_position_idx" ON "lead_stages" USING btree ("position");--> statement-breakpoint
CREATE INDEX "leads_won_at_idx" ON "leads" USING btree ("won_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deal_value_valid" CHECK ("leads"."deal_value" is null or "leads"."deal_value" between 0 and 1000000000);
--> statement-breakpoint
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
