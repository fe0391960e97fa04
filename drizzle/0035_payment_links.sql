CREATE TABLE "payment_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_link_id" text NOT NULL,
	"url" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_provider_valid" CHECK ("payment_links"."provider" in ('razorpay')),
	CONSTRAINT "payment_links_provider_link_id_valid" CHECK (btrim("payment_links"."provider_link_id") <> '' and char_length("payment_links"."provider_link_id") <= 100),
	CONSTRAINT "payment_links_url_valid" CHECK (char_length("payment_links"."url") <= 500 and "payment_links"."url" ~ '^https?://'),
	CONSTRAINT "payment_links_amount_valid" CHECK ("payment_links"."amount_paise" > 0),
	CONSTRAINT "payment_links_status_valid" CHECK ("payment_links"."status" in ('created', 'paid', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_provider_link_key" ON "payment_links" USING btree ("provider","provider_link_id");--> statement-breakpoint
CREATE INDEX "payment_links_invoice_idx" ON "payment_links" USING btree ("invoice_id");