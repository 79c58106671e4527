CREATE TABLE "engagement_terms" (
	"engagement_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"fee_bps" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "engagement_terms_engagement_id_version_pk" PRIMARY KEY("engagement_id","version"),
	CONSTRAINT "engagement_terms_status_check" CHECK ("engagement_terms"."status" IN ('proposed', 'accepted', 'declined', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hire_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"terms_version" integer DEFAULT 0 NOT NULL,
	"pending_terms_version" integer,
	"rate_minor" integer,
	"weekly_cap_hours" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"time_zone" text NOT NULL,
	"fee_bps" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagements_status_check" CHECK ("engagements"."status" IN ('offered', 'declined', 'active', 'ended')),
	CONSTRAINT "engagements_kind_check" CHECK ("engagements"."kind" IN ('hourly', 'fixed'))
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"funded_at" timestamp with time zone,
	"funding_invoice_id" uuid,
	"note" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"changes_reason" text,
	"auto_approve_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_status_check" CHECK ("milestones"."status" IN ('pending', 'funded', 'submitted', 'changes_requested', 'approved')),
	CONSTRAINT "milestones_amount_check" CHECK ("milestones"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "timesheet_reminders" (
	"engagement_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timesheet_reminders_engagement_id_week_start_pk" PRIMARY KEY("engagement_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_minor" integer,
	"queried_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_reason" text,
	"submitted_at" timestamp with time zone,
	"auto_approve_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"invoice_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_status_check" CHECK ("timesheets"."status" IN ('draft', 'submitted', 'queried', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "engagement_terms" ADD CONSTRAINT "engagement_terms_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_hire_id_hires_id_fk" FOREIGN KEY ("hire_id") REFERENCES "public"."hires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_reminders" ADD CONSTRAINT "timesheet_reminders_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_live_hire_key" ON "engagements" USING btree ("hire_id") WHERE "engagements"."status" IN ('offered', 'active');--> statement-breakpoint
CREATE INDEX "engagements_company_idx" ON "engagements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "engagements_freelancer_idx" ON "engagements" USING btree ("freelancer_id","created_at");--> statement-breakpoint
CREATE INDEX "engagements_active_idx" ON "engagements" USING btree ("status");--> statement-breakpoint
CREATE INDEX "milestones_engagement_idx" ON "milestones" USING btree ("engagement_id","position");--> statement-breakpoint
CREATE INDEX "milestones_due_idx" ON "milestones" USING btree ("auto_approve_at") WHERE "milestones"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_week_key" ON "timesheets" USING btree ("engagement_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheets_due_idx" ON "timesheets" USING btree ("auto_approve_at") WHERE "timesheets"."status" = 'submitted';