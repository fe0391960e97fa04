CREATE TABLE "blog_post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" text,
	"author_label" text NOT NULL,
	"action" text NOT NULL,
	"restored_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_revisions_action_valid" CHECK ("blog_post_revisions"."action" in ('create', 'update', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_revisions_post_id_created_at_idx" ON "blog_post_revisions" USING btree ("post_id","created_at" DESC NULLS LAST);