CREATE TABLE "link_check_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"page" text NOT NULL,
	"url" text NOT NULL,
	"element" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"in_main" boolean DEFAULT false NOT NULL,
	"problem" text NOT NULL,
	"status" integer,
	"target" text,
	"detail" text,
	CONSTRAINT "link_check_findings_problem_valid" CHECK ("link_check_findings"."problem" in ('broken', 'missing-image', 'redirect', 'unreachable', 'refused')),
	CONSTRAINT "link_check_findings_element_valid" CHECK ("link_check_findings"."element" in ('a', 'img'))
);
--> statement-breakpoint
CREATE TABLE "link_check_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"pages" integer DEFAULT 0 NOT NULL,
	"links" integer DEFAULT 0 NOT NULL,
	"findings" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "link_check_runs_status_valid" CHECK ("link_check_runs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "link_check_findings" ADD CONSTRAINT "link_check_findings_run_id_link_check_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."link_check_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_check_findings_run" ON "link_check_findings" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "link_check_runs_requested" ON "link_check_runs" USING btree ("requested_at");