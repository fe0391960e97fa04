ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "hidden_from_search" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at") WHERE "blog_posts"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "blog_posts_unpublish_at_idx" ON "blog_posts" USING btree ("unpublish_at") WHERE "blog_posts"."unpublish_at" is not null;