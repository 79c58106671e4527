-- 0010_company_verification: verification events (issue 11, instant method). Hand-written SQL; statements separated by --> statement-breakpoint
CREATE TABLE "company_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"checks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_verification_events_method_check" CHECK ("method" IN ('instant', 'documents', 'support')),
	CONSTRAINT "company_verification_events_outcome_check" CHECK ("outcome" IN ('verified', 'pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "company_verification_events" ADD CONSTRAINT "company_verification_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_verification_events" ADD CONSTRAINT "company_verification_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "company_verification_events_company_idx" ON "company_verification_events" USING btree ("company_id","created_at");
