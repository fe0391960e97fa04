-- page_copy's key becomes (target, path): the old key (target) is dropped once the path column is there.
ALTER TABLE "experiments" DROP CONSTRAINT "experiments_target_valid";--> statement-breakpoint
ALTER TABLE "page_copy" DROP CONSTRAINT "page_copy_target_valid";--> statement-breakpoint
DROP INDEX "page_copy_revisions_target_at_idx";--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "target_path" text;--> statement-breakpoint
ALTER TABLE "page_copy" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_copy" DROP CONSTRAINT "page_copy_pkey";--> statement-breakpoint
ALTER TABLE "page_copy" ADD CONSTRAINT "page_copy_pkey" PRIMARY KEY("target","path");--> statement-breakpoint
ALTER TABLE "page_copy_revisions" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "page_copy_revisions_target_at_idx" ON "page_copy_revisions" USING btree ("target","path","at");--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_target_path_valid" CHECK (case "experiments"."target" when 'service-hero' then coalesce("experiments"."target_path" ~ '^/services/[a-z0-9]+(-[a-z0-9]+)*$', false) when 'case-study-hero' then coalesce("experiments"."target_path" ~ '^/case-studies/[a-z0-9]+(-[a-z0-9]+)*$', false) when 'article-heading' then coalesce("experiments"."target_path" ~ '^/blog/[a-z0-9]+(-[a-z0-9]+)*$', false) else "experiments"."target_path" is not distinct from null end);--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_target_valid" CHECK ("experiments"."target" in ('home-hero', 'header-cta', 'free-audit-hero', 'service-hero', 'case-study-hero', 'article-heading'));--> statement-breakpoint
ALTER TABLE "page_copy" ADD CONSTRAINT "page_copy_path_valid" CHECK (case "page_copy"."target" when 'service-hero' then coalesce("page_copy"."path" ~ '^/services/[a-z0-9]+(-[a-z0-9]+)*$', false) when 'case-study-hero' then coalesce("page_copy"."path" ~ '^/case-studies/[a-z0-9]+(-[a-z0-9]+)*$', false) when 'article-heading' then coalesce("page_copy"."path" ~ '^/blog/[a-z0-9]+(-[a-z0-9]+)*$', false) else "page_copy"."path" is not distinct from '' end);--> statement-breakpoint
ALTER TABLE "page_copy" ADD CONSTRAINT "page_copy_target_valid" CHECK ("page_copy"."target" in ('home-hero', 'header-cta', 'free-audit-hero', 'service-hero', 'case-study-hero', 'article-heading'));