CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"featured_image_url" text,
	"author_name" text DEFAULT 'Kinetic Growth Team' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"reading_time" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_title_valid" CHECK (btrim("blog_posts"."title") <> '' and char_length("blog_posts"."title") <= 200),
	CONSTRAINT "blog_posts_slug_valid" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("blog_posts"."slug") <= 120),
	CONSTRAINT "blog_posts_excerpt_valid" CHECK ("blog_posts"."excerpt" is null or char_length("blog_posts"."excerpt") <= 500),
	CONSTRAINT "blog_posts_content_valid" CHECK (btrim("blog_posts"."content") <> '' and char_length("blog_posts"."content") <= 200000),
	CONSTRAINT "blog_posts_image_valid" CHECK ("blog_posts"."featured_image_url" is null or (char_length("blog_posts"."featured_image_url") <= 2048 and "blog_posts"."featured_image_url" ~* '^(https?://|/)')),
	CONSTRAINT "blog_posts_author_valid" CHECK (btrim("blog_posts"."author_name") <> '' and char_length("blog_posts"."author_name") <= 120),
	CONSTRAINT "blog_posts_meta_title_valid" CHECK ("blog_posts"."meta_title" is null or char_length("blog_posts"."meta_title") <= 60),
	CONSTRAINT "blog_posts_meta_description_valid" CHECK ("blog_posts"."meta_description" is null or char_length("blog_posts"."meta_description") <= 160),
	CONSTRAINT "blog_posts_tags_count" CHECK (coalesce(array_length("blog_posts"."tags", 1), 0) <= 20),
	CONSTRAINT "blog_posts_reading_time_positive" CHECK ("blog_posts"."reading_time" is null or "blog_posts"."reading_time" > 0)
);
--> statement-breakpoint
CREATE TABLE "blog_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_shares_network_valid" CHECK ("blog_shares"."network" in ('twitter', 'facebook', 'linkedin'))
);
--> statement-breakpoint
CREATE TABLE "blog_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_slug_redirects_slug_valid" CHECK ("blog_slug_redirects"."old_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "case_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"company_name" text NOT NULL,
	"industry" text,
	"challenge" text,
	"solution" text,
	"results" text,
	"featured" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timeframe" text DEFAULT '18 months' NOT NULL,
	"services" text[] DEFAULT '{"SEO Optimization","Paid Ads","CRO"}'::text[] NOT NULL,
	"journey" text[] DEFAULT '{}'::text[] NOT NULL,
	"testimonial_quote" text,
	"testimonial_author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_studies_title_valid" CHECK (btrim("case_studies"."title") <> '' and char_length("case_studies"."title") <= 200),
	CONSTRAINT "case_studies_company_valid" CHECK (btrim("case_studies"."company_name") <> '' and char_length("case_studies"."company_name") <= 160),
	CONSTRAINT "case_studies_industry_valid" CHECK ("case_studies"."industry" is null or char_length("case_studies"."industry") <= 160),
	CONSTRAINT "case_studies_challenge_valid" CHECK ("case_studies"."challenge" is null or char_length("case_studies"."challenge") <= 5000),
	CONSTRAINT "case_studies_solution_valid" CHECK ("case_studies"."solution" is null or char_length("case_studies"."solution") <= 5000),
	CONSTRAINT "case_studies_results_valid" CHECK ("case_studies"."results" is null or char_length("case_studies"."results") <= 5000),
	CONSTRAINT "case_studies_image_valid" CHECK ("case_studies"."image_url" is null or (char_length("case_studies"."image_url") <= 2048 and "case_studies"."image_url" ~* '^(https?://|/)')),
	CONSTRAINT "case_studies_metrics_object" CHECK (jsonb_typeof("case_studies"."metrics") = 'object' and pg_column_size("case_studies"."metrics") <= 8192),
	CONSTRAINT "case_studies_timeframe_valid" CHECK (btrim("case_studies"."timeframe") <> '' and char_length("case_studies"."timeframe") <= 60),
	CONSTRAINT "case_studies_services_count" CHECK (coalesce(array_length("case_studies"."services", 1), 0) <= 12),
	CONSTRAINT "case_studies_journey_count" CHECK (coalesce(array_length("case_studies"."journey", 1), 0) <= 12),
	CONSTRAINT "case_studies_quote_valid" CHECK ("case_studies"."testimonial_quote" is null or char_length("case_studies"."testimonial_quote") <= 5000),
	CONSTRAINT "case_studies_quote_author_valid" CHECK ("case_studies"."testimonial_author" is null or char_length("case_studies"."testimonial_author") <= 200)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"company" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "contact_messages_status_valid" CHECK ("contact_messages"."status" in ('new', 'replied', 'archived')),
	CONSTRAINT "contact_messages_notes_valid" CHECK ("contact_messages"."notes" is null or char_length("contact_messages"."notes") <= 5000),
	CONSTRAINT "contact_messages_attribution_object" CHECK (jsonb_typeof("contact_messages"."attribution") = 'object' and pg_column_size("contact_messages"."attribution") <= 8192),
	CONSTRAINT "contact_messages_submission_key_valid" CHECK ("contact_messages"."submission_key" is null or char_length("contact_messages"."submission_key") <= 100),
	CONSTRAINT "contact_messages_name_valid" CHECK (btrim("contact_messages"."name") <> '' and char_length("contact_messages"."name") <= 120),
	CONSTRAINT "contact_messages_email_valid" CHECK (btrim("contact_messages"."email") <> '' and char_length("contact_messages"."email") <= 254),
	CONSTRAINT "contact_messages_mobile_valid" CHECK (btrim("contact_messages"."mobile_number") <> '' and char_length("contact_messages"."mobile_number") <= 32),
	CONSTRAINT "contact_messages_company_valid" CHECK ("contact_messages"."company" is null or (btrim("contact_messages"."company") <> '' and char_length("contact_messages"."company") <= 160)),
	CONSTRAINT "contact_messages_message_valid" CHECK (btrim("contact_messages"."message") <> '' and char_length("contact_messages"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"website_url" text,
	"monthly_revenue" text,
	"growth_challenge" text,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "leads_status_valid" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'won', 'lost')),
	CONSTRAINT "leads_notes_valid" CHECK ("leads"."notes" is null or char_length("leads"."notes") <= 5000),
	CONSTRAINT "leads_attribution_object" CHECK (jsonb_typeof("leads"."attribution") = 'object' and pg_column_size("leads"."attribution") <= 8192),
	CONSTRAINT "leads_submission_key_valid" CHECK ("leads"."submission_key" is null or char_length("leads"."submission_key") <= 100),
	CONSTRAINT "leads_name_valid" CHECK (btrim("leads"."name") <> '' and char_length("leads"."name") <= 120),
	CONSTRAINT "leads_email_valid" CHECK (btrim("leads"."email") <> '' and char_length("leads"."email") <= 254),
	CONSTRAINT "leads_mobile_valid" CHECK (btrim("leads"."mobile_number") <> '' and char_length("leads"."mobile_number") <= 32),
	CONSTRAINT "leads_website_valid" CHECK ("leads"."website_url" is null or (char_length("leads"."website_url") <= 2048 and "leads"."website_url" ~* '^(https?://|/)')),
	CONSTRAINT "leads_revenue_valid" CHECK ("leads"."monthly_revenue" is null or char_length("leads"."monthly_revenue") <= 40),
	CONSTRAINT "leads_challenge_valid" CHECK ("leads"."growth_challenge" is null or char_length("leads"."growth_challenge") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipients" text[] NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"reply_to" text,
	"lead_id" uuid,
	"contact_message_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_status_valid" CHECK ("notifications"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "notifications_has_recipients" CHECK (coalesce(array_length("notifications"."recipients", 1), 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"inbox_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_role_valid" CHECK ("profiles"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_name" text NOT NULL,
	"company" text NOT NULL,
	"role" text,
	"content" text NOT NULL,
	"rating" smallint DEFAULT 5 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_range" CHECK ("testimonials"."rating" between 1 and 5),
	CONSTRAINT "testimonials_client_name_valid" CHECK (btrim("testimonials"."client_name") <> '' and char_length("testimonials"."client_name") <= 120),
	CONSTRAINT "testimonials_company_valid" CHECK (btrim("testimonials"."company") <> '' and char_length("testimonials"."company") <= 160),
	CONSTRAINT "testimonials_role_valid" CHECK ("testimonials"."role" is null or char_length("testimonials"."role") <= 120),
	CONSTRAINT "testimonials_content_valid" CHECK (btrim("testimonials"."content") <> '' and char_length("testimonials"."content") <= 5000),
	CONSTRAINT "testimonials_image_valid" CHECK ("testimonials"."image_url" is null or (char_length("testimonials"."image_url") <= 2048 and "testimonials"."image_url" ~* '^(https?://|/)'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_shares" ADD CONSTRAINT "blog_shares_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_slug_redirects" ADD CONSTRAINT "blog_slug_redirects_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_featured_created_at_idx" ON "blog_posts" USING btree ("published","featured","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_tags_gin_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "blog_shares_post_id_idx" ON "blog_shares" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "blog_slug_redirects_post_id_idx" ON "blog_slug_redirects" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "case_studies_featured_created_at_idx" ON "case_studies" USING btree ("featured","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_studies_created_at_idx" ON "case_studies" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_at_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "testimonials_featured_created_at_idx" ON "testimonials" USING btree ("featured","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "testimonials_created_at_idx" ON "testimonials" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");