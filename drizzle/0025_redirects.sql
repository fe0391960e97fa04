CREATE TABLE "redirects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 301 NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_source_valid" CHECK ("redirects"."source" ~ '^/' and char_length("redirects"."source") <= 2000),
	CONSTRAINT "redirects_status_valid" CHECK ("redirects"."status" in (301, 302, 307, 308, 410)),
	CONSTRAINT "redirects_target_valid" CHECK (("redirects"."status" = 410) = ("redirects"."target" = '') and char_length("redirects"."target") <= 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_source_key" ON "redirects" USING btree ("source");
--> statement-breakpoint
-- The renamed posts' old addresses (blog_slug_redirects) become redirects the host answers, and
-- that table goes: the article page no longer redirects by itself.
INSERT INTO "redirects" ("source", "target", "status", "created_by")
SELECT '/blog/' || r."old_slug", '/blog/' || p."slug", 301, 'Slug change'
FROM "blog_slug_redirects" r JOIN "blog_posts" p ON p."id" = r."post_id"
WHERE r."old_slug" <> p."slug"
ON CONFLICT ("source") DO NOTHING;
--> statement-breakpoint
DROP TABLE "blog_slug_redirects" CASCADE;
