-- 0008_company: the company profile (issue 11, first slice). Hand-written SQL; statements separated by --> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"industry" text,
	"company_size" text,
	"country" text,
	"about" text DEFAULT '' NOT NULL,
	"website_url" text,
	"logo_url" text,
	"contact_email" text,
	"verified_email" text,
	"contact_country" text,
	"address" text,
	"phone" text,
	"basics_version" integer DEFAULT 0 NOT NULL,
	"contact_version" integer DEFAULT 0 NOT NULL,
	"welcome_seen_at" timestamp with time zone,
	"verification_status" text DEFAULT 'unverified' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_verification_status_check" CHECK ("verification_status" IN ('unverified', 'pending', 'verified'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_owner_user_id_key" ON "companies" USING btree ("owner_user_id");
--> statement-breakpoint
CREATE TABLE "company_socials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_socials" ADD CONSTRAINT "company_socials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "company_socials_company_idx" ON "company_socials" USING btree ("company_id","position");
