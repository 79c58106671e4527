CREATE TABLE "freelancer_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mail_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notifications_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"freelancer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "profile_views_pk" PRIMARY KEY("freelancer_id","day","company_id")
);
--> statement-breakpoint
CREATE TABLE "shortlist_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shortlist_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"stage" text DEFAULT 'shortlisted' NOT NULL,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_candidates_stage_check" CHECK ("shortlist_candidates"."stage" IN ('shortlisted', 'interview', 'selected', 'not_selected'))
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"company_id" uuid,
	"company_name" text,
	"role" text,
	"candidate_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_search" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"photo_url" text,
	"occupation" text,
	"words" text[] NOT NULL,
	"head_words" text[] NOT NULL,
	"skills" text[] NOT NULL,
	"top_skills" text[] NOT NULL,
	"country_code" text,
	"experience_level" text,
	"min_rate" numeric(10, 2),
	"max_rate" numeric(10, 2),
	"max_hours" integer,
	"languages" text[] NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"vetted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "freelancer_profiles" ADD COLUMN "vetting_status" text DEFAULT 'not_submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancer_profiles" ADD COLUMN "vetting_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancer_settings" ADD CONSTRAINT "freelancer_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_candidates" ADD CONSTRAINT "shortlist_candidates_shortlist_id_shortlists_id_fk" FOREIGN KEY ("shortlist_id") REFERENCES "public"."shortlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_candidates" ADD CONSTRAINT "shortlist_candidates_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_events" ADD CONSTRAINT "talent_events_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_events" ADD CONSTRAINT "talent_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_events" ADD CONSTRAINT "talent_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_search" ADD CONSTRAINT "talent_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shortlist_candidates_list_freelancer_key" ON "shortlist_candidates" USING btree ("shortlist_id","freelancer_id");--> statement-breakpoint
CREATE INDEX "shortlist_candidates_freelancer_idx" ON "shortlist_candidates" USING btree ("freelancer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlists_company_name_key" ON "shortlists" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "talent_events_freelancer_idx" ON "talent_events" USING btree ("freelancer_id","created_at");--> statement-breakpoint
CREATE INDEX "talent_events_candidate_idx" ON "talent_events" USING btree ("candidate_id") WHERE "talent_events"."candidate_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_search_words_idx" ON "talent_search" USING gin ("words") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "talent_search_skills_idx" ON "talent_search" USING gin ("skills") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "talent_search_languages_idx" ON "talent_search" USING gin ("languages") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "talent_search_country_idx" ON "talent_search" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "talent_search_level_idx" ON "talent_search" USING btree ("experience_level");--> statement-breakpoint
CREATE INDEX "talent_search_rate_idx" ON "talent_search" USING btree ("min_rate","user_id");--> statement-breakpoint
CREATE INDEX "talent_search_max_rate_idx" ON "talent_search" USING btree ("max_rate","user_id");--> statement-breakpoint
CREATE INDEX "talent_search_vetted_idx" ON "talent_search" USING btree ("vetted_at","user_id");--> statement-breakpoint
CREATE INDEX "talent_search_words_trgm_idx" ON "talent_search_words" USING gin ("word" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "freelancer_profiles_review_queue_idx" ON "freelancer_profiles" USING btree ("vetting_status_at") WHERE "freelancer_profiles"."vetting_status" = 'in_review';--> statement-breakpoint
ALTER TABLE "freelancer_profiles" ADD CONSTRAINT "freelancer_profiles_vetting_status_check" CHECK ("freelancer_profiles"."vetting_status" IN ('not_submitted', 'in_review', 'changes_requested', 'vetted', 'declined'));--> statement-breakpoint
-- Profiles that finished onboarding before vetting existed wait in review from the day they finished.
UPDATE "freelancer_profiles" SET "vetting_status" = 'in_review', "vetting_status_at" = "in_talent_pool_at" WHERE "in_talent_pool_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "talent_events" ("freelancer_id", "kind", "created_at") SELECT "user_id", 'submitted', "in_talent_pool_at" FROM "freelancer_profiles" WHERE "in_talent_pool_at" IS NOT NULL;
