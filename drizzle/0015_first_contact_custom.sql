-- The first contact is stamped by the database (docs/decisions/0050): whichever path changes a
-- status (the dialog, the list's select, a bulk action, a script), the first move from "new" to one
-- of the statuses given as trigger arguments sets first_contacted_at once; later moves keep it.
CREATE OR REPLACE FUNCTION stamp_first_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_contacted_at IS NULL AND OLD.status = 'new' AND NEW.status = ANY (TG_ARGV) THEN
    NEW.first_contacted_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_first_contact BEFORE UPDATE OF status ON leads
  FOR EACH ROW EXECUTE FUNCTION stamp_first_contact('contacted', 'qualified', 'won');
--> statement-breakpoint
CREATE TRIGGER contact_messages_first_contact BEFORE UPDATE OF status ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION stamp_first_contact('replied');
