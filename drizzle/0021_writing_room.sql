ALTER TABLE "blog_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "original_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_original_name_valid" CHECK (char_length("media"."original_name") <= 200);