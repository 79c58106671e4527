CREATE TABLE "dispute_files" (
	"dispute_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"side" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dispute_files_dispute_id_file_id_pk" PRIMARY KEY("dispute_id","file_id"),
	CONSTRAINT "dispute_files_side_check" CHECK ("dispute_files"."side" IN ('company', 'freelancer'))
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_by" text NOT NULL,
	"raised_by_user_id" uuid,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_by_user_id" uuid,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"refund_minor" bigint,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"credit_note_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "disputes_subject_check" CHECK ("disputes"."subject" IN ('invoice', 'timesheet', 'milestone')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" IN ('open', 'answered', 'decided')),
	CONSTRAINT "disputes_raised_by_check" CHECK ("disputes"."raised_by" IN ('company', 'freelancer')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" IS NULL OR "disputes"."outcome" IN ('release', 'refund', 'split')),
	CONSTRAINT "disputes_decided_check" CHECK (("disputes"."status" = 'decided') = ("disputes"."outcome" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_check";--> statement-breakpoint
ALTER TABLE "dispute_files" ADD CONSTRAINT "dispute_files_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_files" ADD CONSTRAINT "dispute_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_raised_by_user_id_users_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_invoice_key" ON "disputes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "disputes_undecided_idx" ON "disputes" USING btree ("opened_at") WHERE "disputes"."status" <> 'decided';--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" IN ('invoice_work', 'invoice_milestone_funding', 'milestone_release', 'credit_note', 'receipt', 'receipt_allocation', 'release', 'payout_sent', 'payout_paid', 'payout_returned', 'dispute_refund'));