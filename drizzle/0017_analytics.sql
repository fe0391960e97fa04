CREATE TABLE "analytics_daily_rollups" (
	"day" date NOT NULL,
	"filter_kind" text NOT NULL,
	"filter_value" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_seconds" bigint NOT NULL,
	CONSTRAINT "analytics_daily_rollups_pk" PRIMARY KEY("filter_kind","filter_value","day","dimension","value"),
	CONSTRAINT "analytics_daily_rollups_dimension_valid" CHECK ("analytics_daily_rollups"."dimension" in ('all', 'page', 'entry', 'source', 'campaign', 'country', 'device', 'channel')),
	CONSTRAINT "analytics_daily_rollups_filter_valid" CHECK ("analytics_daily_rollups"."filter_kind" in ('', 'page', 'source', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"internal" boolean DEFAULT false NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"browser" text,
	"country" text,
	CONSTRAINT "analytics_events_visitor_valid" CHECK ("analytics_events"."visitor_id" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "analytics_events_path_valid" CHECK (char_length("analytics_events"."path") between 1 and 300 and left("analytics_events"."path", 1) = '/'),
	CONSTRAINT "analytics_events_device_valid" CHECK ("analytics_events"."device" in ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "analytics_events_country_valid" CHECK ("analytics_events"."country" is null or "analytics_events"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "analytics_events_text_bounded" CHECK (coalesce(char_length("analytics_events"."referrer_host"), 0) <= 255 and coalesce(char_length("analytics_events"."utm_source"), 0) <= 100
        and coalesce(char_length("analytics_events"."utm_medium"), 0) <= 100 and coalesce(char_length("analytics_events"."utm_campaign"), 0) <= 100 and coalesce(char_length("analytics_events"."browser"), 0) <= 40)
);
--> statement-breakpoint
CREATE TABLE "analytics_lead_visits" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"entry_path" text NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"pages" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "analytics_lead_visits" ADD CONSTRAINT "analytics_lead_visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_rollups_day_idx" ON "analytics_daily_rollups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_visitor_at_idx" ON "analytics_events" USING btree ("day","visitor_id","at");--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_lead_visits_day_idx" ON "analytics_lead_visits" USING btree ("day");