CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status_check" CHECK ("payout_batches"."status" IN ('draft', 'sent', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "payout_detail_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text,
	"bic" text,
	"account_number" text,
	"ifsc" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_method_check" CHECK (("payout_details"."method" = 'iban' AND "payout_details"."iban" IS NOT NULL AND "payout_details"."bic" IS NOT NULL AND "payout_details"."account_number" IS NULL AND "payout_details"."ifsc" IS NULL) OR ("payout_details"."method" = 'india' AND "payout_details"."account_number" IS NOT NULL AND "payout_details"."ifsc" IS NOT NULL AND "payout_details"."iban" IS NULL AND "payout_details"."bic" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text,
	"bic" text,
	"account_number" text,
	"ifsc" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_on" date,
	"returned_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_lines_status_check" CHECK ("payout_lines"."status" IN ('pending', 'sent', 'paid', 'returned', 'removed')),
	CONSTRAINT "payout_lines_amount_check" CHECK ("payout_lines"."amount_minor" > 0),
	CONSTRAINT "payout_lines_currency_check" CHECK ("payout_lines"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payout_detail_requests" ADD CONSTRAINT "payout_detail_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_status_idx" ON "payout_batches" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_pending_key" ON "payout_lines" USING btree ("freelancer_id","currency") WHERE "payout_lines"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payout_lines_batch_idx" ON "payout_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_lines_freelancer_idx" ON "payout_lines" USING btree ("freelancer_id","created_at");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" IN ('invoice_work', 'invoice_milestone_funding', 'milestone_release', 'credit_note', 'receipt', 'receipt_allocation', 'release', 'payout_sent', 'payout_paid', 'payout_returned'));