CREATE SEQUENCE "public"."proposal_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"lines" jsonb NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"recipient" jsonb NOT NULL,
	"supplier" jsonb,
	"taxable_paise" bigint DEFAULT 0 NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"monthly_total_paise" bigint DEFAULT 0 NOT NULL,
	"token_hash" text,
	"document_sha256" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"accepted_document_sha256" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"superseded_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_number_valid" CHECK ("proposals"."number" ~ '^P-[0-9]{4}-[0-9]{4,}$'),
	CONSTRAINT "proposals_version_valid" CHECK ("proposals"."version" >= 1),
	CONSTRAINT "proposals_status_valid" CHECK ("proposals"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "proposals_title_valid" CHECK (btrim("proposals"."title") <> '' and char_length("proposals"."title") <= 200),
	CONSTRAINT "proposals_terms_valid" CHECK (char_length("proposals"."terms") <= 20000),
	CONSTRAINT "proposals_lines_valid" CHECK (jsonb_typeof("proposals"."lines") = 'array' and jsonb_array_length("proposals"."lines") between 1 and 50),
	CONSTRAINT "proposals_recipient_valid" CHECK (jsonb_typeof("proposals"."recipient") = 'object' and pg_column_size("proposals"."recipient") <= 4096),
	CONSTRAINT "proposals_amounts_valid" CHECK ("proposals"."taxable_paise" >= 0 and "proposals"."cgst_paise" >= 0 and "proposals"."igst_paise" >= 0 and "proposals"."cgst_paise" = "proposals"."sgst_paise" and ("proposals"."cgst_paise" = 0 or "proposals"."igst_paise" = 0) and "proposals"."total_paise" = "proposals"."taxable_paise" + "proposals"."cgst_paise" + "proposals"."sgst_paise" + "proposals"."igst_paise" and "proposals"."monthly_total_paise" between 0 and "proposals"."total_paise"),
	CONSTRAINT "proposals_token_hash_valid" CHECK ("proposals"."token_hash" is null or "proposals"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proposals_document_sha256_valid" CHECK ("proposals"."document_sha256" is null or "proposals"."document_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proposals_sent_valid" CHECK ("proposals"."status" = 'draft' or ("proposals"."token_hash" is not null and "proposals"."document_sha256" is not null and "proposals"."sent_at" is not null and "proposals"."supplier" is not null)),
	CONSTRAINT "proposals_draft_unsent" CHECK ("proposals"."status" <> 'draft' or ("proposals"."token_hash" is null and "proposals"."sent_at" is null)),
	CONSTRAINT "proposals_accepted_valid" CHECK (("proposals"."status" = 'accepted') = ("proposals"."accepted_at" is not null) and ("proposals"."accepted_at" is null or ("proposals"."accepted_name" is not null and btrim("proposals"."accepted_name") <> '' and char_length("proposals"."accepted_name") <= 200 and "proposals"."accepted_document_sha256" = "proposals"."document_sha256"))),
	CONSTRAINT "proposals_declined_valid" CHECK (("proposals"."status" = 'declined') = ("proposals"."declined_at" is not null)),
	CONSTRAINT "proposals_superseded_valid" CHECK (("proposals"."status" = 'superseded') = ("proposals"."superseded_at" is not null)),
	CONSTRAINT "proposals_decline_reason_valid" CHECK ("proposals"."decline_reason" is null or char_length("proposals"."decline_reason") <= 1000),
	CONSTRAINT "proposals_accepted_ip_valid" CHECK ("proposals"."accepted_ip" is null or char_length("proposals"."accepted_ip") <= 64),
	CONSTRAINT "proposals_accepted_user_agent_valid" CHECK ("proposals"."accepted_user_agent" is null or char_length("proposals"."accepted_user_agent") <= 500)
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_number_version_key" ON "proposals" USING btree ("number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_draft_key" ON "proposals" USING btree ("number") WHERE "proposals"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_hash_key" ON "proposals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "proposals_lead_idx" ON "proposals" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at" DESC NULLS LAST);