CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"referred_hits" bigint DEFAULT 0 NOT NULL,
	"referrer_host" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "not_found_paths_path_valid" CHECK ("not_found_paths"."path" ~ '^/' and char_length("not_found_paths"."path") <= 2000),
	CONSTRAINT "not_found_paths_referrer_host_valid" CHECK (char_length("not_found_paths"."referrer_host") <= 255)
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen" ON "not_found_paths" USING btree ("last_seen_at");