CREATE TABLE "credit_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"serial" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"invoice_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"document_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_valid" CHECK (char_length("credit_notes"."number") <= 16 and "credit_notes"."number" ~ '^[A-Za-z0-9/-]+$'),
	CONSTRAINT "credit_notes_serial_valid" CHECK ("credit_notes"."serial" >= 1),
	CONSTRAINT "credit_notes_reason_valid" CHECK (btrim("credit_notes"."reason") <> '' and char_length("credit_notes"."reason") <= 500),
	CONSTRAINT "credit_notes_place_of_supply_valid" CHECK ("credit_notes"."place_of_supply" ~ '^[0-9]{2}$'),
	CONSTRAINT "credit_notes_total_valid" CHECK ("credit_notes"."total_paise" = "credit_notes"."taxable_paise" + "credit_notes"."cgst_paise" + "credit_notes"."sgst_paise" + "credit_notes"."igst_paise"),
	CONSTRAINT "credit_notes_document_sha256_valid" CHECK ("credit_notes"."document_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"kind" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "invoice_series_kind_valid" CHECK ("invoice_series"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoice_series_last_valid" CHECK ("invoice_series"."last" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"serial" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"lead_id" uuid,
	"document_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_valid" CHECK (char_length("invoices"."number") <= 16 and "invoices"."number" ~ '^[A-Za-z0-9/-]+$'),
	CONSTRAINT "invoices_serial_valid" CHECK ("invoices"."serial" >= 1),
	CONSTRAINT "invoices_place_of_supply_valid" CHECK ("invoices"."place_of_supply" ~ '^[0-9]{2}$'),
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('issued', 'paid', 'cancelled')),
	CONSTRAINT "invoices_paid_at_valid" CHECK ("invoices"."status" <> 'paid' or "invoices"."paid_at" is not null),
	CONSTRAINT "invoices_cancelled_at_valid" CHECK (("invoices"."status" = 'cancelled') = ("invoices"."cancelled_at" is not null)),
	CONSTRAINT "invoices_amounts_valid" CHECK ("invoices"."taxable_paise" >= 0 and "invoices"."cgst_paise" >= 0 and "invoices"."igst_paise" >= 0 and "invoices"."cgst_paise" = "invoices"."sgst_paise" and ("invoices"."cgst_paise" = 0 or "invoices"."igst_paise" = 0) and "invoices"."total_paise" = "invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise"),
	CONSTRAINT "invoices_lines_valid" CHECK (jsonb_typeof("invoices"."lines") = 'array' and jsonb_array_length("invoices"."lines") between 1 and 100),
	CONSTRAINT "invoices_document_sha256_valid" CHECK ("invoices"."document_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" bigint,
	"payment_id" text,
	"amount_paise" bigint,
	"applied" boolean DEFAULT false NOT NULL,
	"outcome" text,
	CONSTRAINT "payment_events_provider_valid" CHECK ("payment_events"."provider" in ('razorpay')),
	CONSTRAINT "payment_events_event_id_valid" CHECK (btrim("payment_events"."event_id") <> '' and char_length("payment_events"."event_id") <= 100),
	CONSTRAINT "payment_events_event_type_valid" CHECK (btrim("payment_events"."event_type") <> '' and char_length("payment_events"."event_type") <= 100),
	CONSTRAINT "payment_events_outcome_valid" CHECK ("payment_events"."outcome" is null or char_length("payment_events"."outcome") <= 500)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_serial_key" ON "credit_notes" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_invoice_key" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_serial_key" ON "invoices" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_lead_idx" ON "invoices" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_invoice_idx" ON "payment_events" USING btree ("invoice_id");