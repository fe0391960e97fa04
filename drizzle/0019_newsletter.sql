CREATE TABLE "newsletter_clicks" (
	"link_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_clicks_link_id_recipient_id_pk" PRIMARY KEY("link_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_events_seen" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" uuid NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_links_url_valid" CHECK (char_length("newsletter_links"."url") <= 2048 and "newsletter_links"."url" ~* '^(https?://|mailto:)')
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_recipients_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "newsletter_recipients_status_valid" CHECK ("newsletter_recipients"."status" in ('pending', 'sending', 'sent', 'failed', 'bounced', 'skipped')),
	CONSTRAINT "newsletter_recipients_error_valid" CHECK ("newsletter_recipients"."last_error" is null or char_length("newsletter_recipients"."last_error") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"subject" text NOT NULL,
	"preview_text" text,
	"body" text,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rendered_html" text,
	"rendered_text" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sends_status_valid" CHECK ("newsletter_sends"."status" in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
	CONSTRAINT "newsletter_sends_subject_valid" CHECK (btrim("newsletter_sends"."subject") <> '' and char_length("newsletter_sends"."subject") <= 200),
	CONSTRAINT "newsletter_sends_preview_valid" CHECK ("newsletter_sends"."preview_text" is null or char_length("newsletter_sends"."preview_text") <= 200),
	CONSTRAINT "newsletter_sends_source_valid" CHECK ("newsletter_sends"."post_id" is not null or "newsletter_sends"."body" is not null)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"lead_id" uuid,
	"contact_message_id" uuid,
	"token_version" integer DEFAULT 1 NOT NULL,
	"confirmation_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"suppressed_at" timestamp with time zone,
	"suppressed_reason" text,
	"soft_bounces" integer DEFAULT 0 NOT NULL,
	"unsubscribed_from_send_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_status_valid" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed', 'suppressed')),
	CONSTRAINT "newsletter_subscribers_source_valid" CHECK ("newsletter_subscribers"."source" in ('blog', 'article', 'footer', 'lead', 'contact', 'dashboard')),
	CONSTRAINT "newsletter_subscribers_reason_valid" CHECK ("newsletter_subscribers"."suppressed_reason" is null or "newsletter_subscribers"."suppressed_reason" in ('hard-bounce', 'complaint', 'soft-bounces')),
	CONSTRAINT "newsletter_subscribers_email_valid" CHECK (btrim("newsletter_subscribers"."email") <> '' and char_length("newsletter_subscribers"."email") <= 254),
	CONSTRAINT "newsletter_subscribers_key_valid" CHECK ("newsletter_subscribers"."email_key" = lower(btrim("newsletter_subscribers"."email"))),
	CONSTRAINT "newsletter_subscribers_topics_count" CHECK (coalesce(array_length("newsletter_subscribers"."topics", 1), 0) <= 100)
);
--> statement-breakpoint
ALTER TABLE "newsletter_clicks" ADD CONSTRAINT "newsletter_clicks_link_id_newsletter_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."newsletter_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_clicks" ADD CONSTRAINT "newsletter_clicks_recipient_id_newsletter_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."newsletter_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_links" ADD CONSTRAINT "newsletter_links_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_unsubscribed_from_send_id_newsletter_sends_id_fk" FOREIGN KEY ("unsubscribed_from_send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_clicks_recipient_idx" ON "newsletter_clicks" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "newsletter_events_seen_received_idx" ON "newsletter_events_seen" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_links_send_url_key" ON "newsletter_links" USING btree ("send_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_send_subscriber_key" ON "newsletter_recipients" USING btree ("send_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_due_idx" ON "newsletter_recipients" USING btree ("send_id","next_attempt_at") WHERE "newsletter_recipients"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "newsletter_recipients_subscriber_idx" ON "newsletter_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_created_idx" ON "newsletter_sends" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_sends_due_idx" ON "newsletter_sends" USING btree ("scheduled_at") WHERE "newsletter_sends"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_topics_idx" ON "newsletter_subscribers" USING gin ("topics");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_unsubscribed_from_idx" ON "newsletter_subscribers" USING btree ("unsubscribed_from_send_id") WHERE "newsletter_subscribers"."unsubscribed_from_send_id" is not null;