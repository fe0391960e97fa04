-- One row per visit, and the visitor-days whose page views changed since their visits were written
-- (docs/decisions/0096). The trigger marks every visitor-day a statement stores page views of; the
-- timed job rewrites their visits and removes the marks; readers derive a marked visitor-day from
-- its raw page views.
CREATE TABLE "analytics_visits" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"visit_no" integer NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"ended" timestamp with time zone NOT NULL,
	"pageviews" integer NOT NULL,
	"seconds" numeric NOT NULL,
	"entry_path" text NOT NULL,
	"pages" text[] NOT NULL,
	"source" text,
	"utm_source" text,
	"medium" text,
	"campaign" text,
	"referrer_host" text,
	"device" text NOT NULL,
	"browser" text,
	"country" text,
	"channel" text NOT NULL,
	CONSTRAINT "analytics_visits_pk" PRIMARY KEY("day","visitor_id","visit_no")
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_marks" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "analytics_visit_marks_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_open_rollups" (
	"day" date NOT NULL,
	"filter_kind" text NOT NULL,
	"filter_value" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_seconds" numeric NOT NULL,
	CONSTRAINT "analytics_open_rollups_pk" PRIMARY KEY("filter_kind","filter_value","day","dimension","value")
);
--> statement-breakpoint
CREATE INDEX "analytics_visits_source_idx" ON "analytics_visits" USING btree ("source","day");
--> statement-breakpoint
CREATE INDEX "analytics_visits_campaign_idx" ON "analytics_visits" USING btree ("campaign","day");
--> statement-breakpoint
CREATE INDEX "analytics_visits_pages_idx" ON "analytics_visits" USING gin ("pages");
--> statement-breakpoint
-- One statement per batch of page views, whatever wrote them. The marks are taken in key order and
-- locked until the batch commits (DO UPDATE ... WHERE false locks the existing mark without writing
-- it): a rewrite of the visits that deletes the mark waits for the batch, and so sees its page views.
CREATE OR REPLACE FUNCTION analytics_mark_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_visit_marks (day, visitor_id)
    SELECT DISTINCT day, visitor_id FROM new_page_views ORDER BY day, visitor_id
    ON CONFLICT (day, visitor_id) DO UPDATE SET day = excluded.day WHERE false;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_mark_visits AFTER INSERT ON analytics_events
  REFERENCING NEW TABLE AS new_page_views FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_visits();
--> statement-breakpoint
-- The page views stored before this migration: every visitor-day is marked, so figures stay exact
-- (derived from raw page views) until the timed job has written their visits, a day at a time.
INSERT INTO analytics_visit_marks (day, visitor_id) SELECT DISTINCT day, visitor_id FROM analytics_events ON CONFLICT DO NOTHING;
