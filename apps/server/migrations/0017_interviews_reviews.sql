CREATE TABLE "hires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "interview_slots_time_check" CHECK ("interview_slots"."ends_at" > "interview_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"candidate_id" uuid,
	"proposed_by" uuid,
	"status" text DEFAULT 'proposed' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location_kind" text NOT NULL,
	"location" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"company_time_zone" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"reason" text,
	"changed_by" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"reminder_24h_at" timestamp with time zone,
	"reminder_1h_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" IN ('proposed', 'new_times_requested', 'declined', 'accepted', 'cancelled', 'held', 'no_show')),
	CONSTRAINT "interviews_location_kind_check" CHECK ("interviews"."location_kind" IN ('link', 'phone')),
	CONSTRAINT "interviews_duration_check" CHECK ("interviews"."duration_minutes" BETWEEN 15 AND 240),
	CONSTRAINT "interviews_time_check" CHECK ("interviews"."ends_at" IS NULL OR "interviews"."ends_at" > "interviews"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hire_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"ratings" jsonb NOT NULL,
	"overall" real NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_overall_check" CHECK ("reviews"."overall" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "freelancer_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "hires" ADD CONSTRAINT "hires_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hires" ADD CONSTRAINT "hires_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hire_id_hires_id_fk" FOREIGN KEY ("hire_id") REFERENCES "public"."hires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hires_candidate_key" ON "hires" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "hires_company_idx" ON "hires" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "hires_freelancer_idx" ON "hires" USING btree ("freelancer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_slots_interview_position_key" ON "interview_slots" USING btree ("interview_id","position");--> statement-breakpoint
CREATE INDEX "interviews_company_idx" ON "interviews" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "interviews_freelancer_idx" ON "interviews" USING btree ("freelancer_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_reminders_idx" ON "interviews" USING btree ("starts_at") WHERE "interviews"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_hire_key" ON "reviews" USING btree ("hire_id");--> statement-breakpoint
CREATE INDEX "reviews_freelancer_idx" ON "reviews" USING btree ("freelancer_id","created_at") WHERE "reviews"."hidden_at" IS NULL;