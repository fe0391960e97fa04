ALTER TABLE "leads" ADD COLUMN "next_step" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_next_step_valid" CHECK ("leads"."next_step" is null or char_length("leads"."next_step") <= 140);--> statement-breakpoint
-- ---- Written by hand (docs/decisions/0101): keep this block at the end of the migration. ----
-- When a lead entered its stage, kept by the database like won_at (0020): whichever path changes a
-- status (the board, the dialog, the list's select, a bulk action, the API, a stage removed), a real
-- change stamps stage_changed_at; a new lead takes the column's default. Existing leads are
-- back-filled from the best record there is: won_at for a won lead, else the row's last change.
CREATE OR REPLACE FUNCTION stamp_lead_stage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.stage_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_stage_changed_at BEFORE UPDATE OF status ON leads
  FOR EACH ROW EXECUTE FUNCTION stamp_lead_stage_changed();
--> statement-breakpoint
UPDATE leads SET stage_changed_at = coalesce(CASE WHEN status = 'won' THEN won_at END, updated_at, created_at);
