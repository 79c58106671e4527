-- 0011_company_documents: manual (document) verification and its review (issue 11). Hand-written SQL; statements separated by --> statement-breakpoint
CREATE TABLE "company_verification_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"submitted_by" uuid,
	"registration_number" text NOT NULL,
	"document_type" text NOT NULL,
	"country" text NOT NULL,
	"file_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_verification_submissions_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "company_verification_submissions" ADD CONSTRAINT "company_verification_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_verification_submissions" ADD CONSTRAINT "company_verification_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_verification_submissions" ADD CONSTRAINT "company_verification_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_verification_submissions" ADD CONSTRAINT "company_verification_submissions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "company_verification_submissions_one_pending_key" ON "company_verification_submissions" USING btree ("company_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "company_verification_submissions_company_idx" ON "company_verification_submissions" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "company_verification_submissions_pending_idx" ON "company_verification_submissions" USING btree ("created_at") WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "company_verification_events" DROP CONSTRAINT "company_verification_events_outcome_check";
--> statement-breakpoint
ALTER TABLE "company_verification_events" ADD CONSTRAINT "company_verification_events_outcome_check" CHECK ("outcome" IN ('verified', 'pending', 'rejected', 'revoked'));
