ALTER TABLE "two_factors" ADD COLUMN "backup_codes_saved_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: a second factor confirmed before this column existed showed its codes at set-up, so
-- they count as saved; only set-ups confirmed from now on show them (once) after confirmation.
UPDATE "two_factors" SET "backup_codes_saved_at" = now() WHERE "verified";
