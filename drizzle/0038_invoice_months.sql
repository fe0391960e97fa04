DROP INDEX "invoices_proposal_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_month" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_proposal_month_key" ON "invoices" USING btree ("proposal_id","billing_month") WHERE "invoices"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_month_valid" CHECK ("invoices"."billing_month" between 1 and 240);