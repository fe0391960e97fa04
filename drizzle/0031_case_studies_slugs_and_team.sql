ALTER TABLE "authors" ADD COLUMN "on_team_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "team_position" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "team_line" text;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "leads_service" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing studies get their slug from the title as src/lib/blog.ts slugify makes it (accents are
-- dropped here rather than folded); a title that makes an empty or already-used slug gets the
-- study's id prefix, so that every row has its own address before the unique index is built.
WITH "made" AS (
  SELECT "id", "created_at",
    coalesce(nullif(rtrim(left(btrim(regexp_replace(regexp_replace(lower("title"), '[^a-z0-9\s_-]', '', 'g'), '[\s_-]+', '-', 'g'), '-'), 110), '-'), ''), 'case-study') AS "base"
  FROM "case_studies"
), "numbered" AS (
  SELECT "id", "base", left("id"::text, 8) AS "tag", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "n" FROM "made"
)
UPDATE "case_studies" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."base" ELSE "numbered"."base" || '-' || "numbered"."tag" END
FROM "numbered" WHERE "numbered"."id" = "case_studies"."id";--> statement-breakpoint
ALTER TABLE "case_studies" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "authors_team_idx" ON "authors" USING btree ("team_position","name") WHERE "authors"."on_team_page";--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_key" ON "case_studies" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_team_position_range" CHECK ("authors"."team_position" between 1 and 999);--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_team_line_valid" CHECK ("authors"."team_line" is null or char_length("authors"."team_line") <= 160);--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_leads_service_valid" CHECK ("authors"."leads_service" is null or "authors"."leads_service" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_slug_valid" CHECK ("case_studies"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("case_studies"."slug") <= 120);