CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"certification_name" text NOT NULL,
	"issuing_organization" text NOT NULL,
	"date_issued" date NOT NULL,
	"certification_url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"degree" text NOT NULL,
	"college" text NOT NULL,
	"year_of_passed" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_languages" (
	"user_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"proficiency" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "freelancer_languages_user_id_language_code_pk" PRIMARY KEY("user_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "freelancer_portfolio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_title" text NOT NULL,
	"portfolio_desc" text NOT NULL,
	"portfolio_skills" text[] NOT NULL,
	"portfolio_url" text,
	"content_type" text NOT NULL,
	"file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country_code" text,
	"dialing_code" text,
	"mobile_no" text,
	"occupation" text,
	"min_hourly_rate" numeric(10, 2),
	"max_hourly_rate" numeric(10, 2),
	"experience_level" text,
	"video_title" text,
	"video_url" text,
	"open_to_work" boolean DEFAULT true NOT NULL,
	"min_hours_per_week" integer,
	"max_hours_per_week" integer,
	"project_duration_preference" text,
	"in_talent_pool_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"skill_name" text NOT NULL,
	"experience_years" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_work_experience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "partner_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"company_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_companies" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_job_titles" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_occupations" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_skills" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_universities" (
	"name" text PRIMARY KEY NOT NULL,
	"country" text
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_certifications" ADD CONSTRAINT "freelancer_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_education" ADD CONSTRAINT "freelancer_education_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_languages" ADD CONSTRAINT "freelancer_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_portfolio" ADD CONSTRAINT "freelancer_portfolio_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_portfolio" ADD CONSTRAINT "freelancer_portfolio_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_profiles" ADD CONSTRAINT "freelancer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_skills" ADD CONSTRAINT "freelancer_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_work_experience" ADD CONSTRAINT "freelancer_work_experience_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freelancer_cert_user_name_key" ON "freelancer_certifications" USING btree ("user_id",lower("certification_name"));--> statement-breakpoint
CREATE INDEX "freelancer_education_user_idx" ON "freelancer_education" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "freelancer_portfolio_user_idx" ON "freelancer_portfolio" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freelancer_profiles_phone_key" ON "freelancer_profiles" USING btree ("dialing_code","mobile_no");--> statement-breakpoint
CREATE UNIQUE INDEX "freelancer_skills_user_name_key" ON "freelancer_skills" USING btree ("user_id",lower("skill_name"));--> statement-breakpoint
CREATE INDEX "freelancer_work_user_idx" ON "freelancer_work_experience" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_requests_name_email_key" ON "partner_requests" USING btree (lower("company_name"),"company_email");--> statement-breakpoint
CREATE INDEX "ref_companies_name_trgm_idx" ON "ref_companies" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_job_titles_name_trgm_idx" ON "ref_job_titles" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_occupations_name_trgm_idx" ON "ref_occupations" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_skills_name_trgm_idx" ON "ref_skills" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_universities_name_trgm_idx" ON "ref_universities" USING gist (lower("name") gist_trgm_ops);