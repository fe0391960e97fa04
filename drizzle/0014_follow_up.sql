ALTER TABLE "contact_messages" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_follow_up_on_idx" ON "contact_messages" USING btree ("follow_up_on");--> statement-breakpoint
CREATE INDEX "contact_messages_email_lower_idx" ON "contact_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_follow_up_on_idx" ON "leads" USING btree ("follow_up_on");--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));