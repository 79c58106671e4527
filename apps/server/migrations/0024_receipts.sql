CREATE TABLE "bank_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_key" text NOT NULL,
	"statement_id" uuid,
	"source" text NOT NULL,
	"booked_on" date NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"remittance" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"invoice_id" uuid,
	"allocated_minor" bigint DEFAULT 0 NOT NULL,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_receipts_amount_check" CHECK ("bank_receipts"."amount_minor" > 0 AND "bank_receipts"."allocated_minor" >= 0 AND "bank_receipts"."allocated_minor" <= "bank_receipts"."amount_minor"),
	CONSTRAINT "bank_receipts_source_check" CHECK ("bank_receipts"."source" IN ('camt053', 'csv', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"account" text NOT NULL,
	"statement_ref" text NOT NULL,
	"currency" text,
	"closing_minor" bigint,
	"closing_on" date,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_format_check" CHECK ("bank_statements"."format" IN ('camt053', 'csv'))
);
--> statement-breakpoint
CREATE TABLE "invoice_releases" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_check";--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_check";--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_releases" ADD CONSTRAINT "invoice_releases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_releases" ADD CONSTRAINT "invoice_releases_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_holds" ADD CONSTRAINT "release_holds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_receipts_line_key" ON "bank_receipts" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "bank_receipts_invoice_idx" ON "bank_receipts" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "bank_receipts_booked_idx" ON "bank_receipts" USING btree ("booked_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_ref_key" ON "bank_statements" USING btree ("account","statement_ref");--> statement-breakpoint
CREATE INDEX "release_holds_open_idx" ON "release_holds" USING btree ("invoice_id") WHERE "release_holds"."closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" IN ('invoice_work', 'invoice_milestone_funding', 'milestone_release', 'credit_note', 'receipt', 'receipt_allocation', 'release'));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_check" CHECK ("journal_lines"."account" IN ('company_receivable', 'engagement_funds_held', 'freelancer_payable', 'platform_fee_revenue', 'cash_at_bank', 'payouts_in_transit', 'freelancer_earned_held', 'receipts_unallocated'));