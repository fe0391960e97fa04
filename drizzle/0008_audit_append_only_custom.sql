-- The audit trail is append-only in the database itself (docs/decisions/0037): UPDATE, DELETE and
-- TRUNCATE on audit_events are refused, except a DELETE made by prune_audit_events(), the retention
-- prune, which sets a transaction-local flag around its own statement.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('audit.prune', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prune_audit_events(keep_days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF keep_days IS NULL OR keep_days < 1 THEN
    RAISE EXCEPTION 'prune_audit_events: keep_days must be at least 1';
  END IF;
  PERFORM set_config('audit.prune', 'on', true);
  DELETE FROM audit_events WHERE at < now() - make_interval(days => keep_days);
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('audit.prune', 'off', true);
  RETURN removed;
END;
$$;
