CREATE TABLE "signal_quality_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"engine_version" text NOT NULL,
	"pairs" integer NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signal_quality_reports_computed_at_idx" ON "signal_quality_reports" USING btree ("computed_at" DESC NULLS LAST);