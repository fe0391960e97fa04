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
CREATE INDEX "person_interactions_email_key_idx" ON "person_interactions" USING btree ("email_key","occurred_at" DESC NULLS LAST);