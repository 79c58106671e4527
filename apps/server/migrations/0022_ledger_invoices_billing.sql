CREATE TABLE "company_billing" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"tax_number" text,
	"billing_email" text NOT NULL,
	"verified_billing_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freelancer_billing" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"tax_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"issuer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_issuer_id_kind_year_pk" PRIMARY KEY("issuer_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_pdfs" (
	"invoice_id" uuid NOT NULL,
	"view" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_pdfs_invoice_id_view_pk" PRIMARY KEY("invoice_id","view"),
	CONSTRAINT "invoice_pdfs_view_check" CHECK ("invoice_pdfs"."view" IN ('invoice', 'statement'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issuer_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"engagement_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"po_number" text,
	"payment_reference" text NOT NULL,
	"issuer_details" jsonb NOT NULL,
	"recipient_details" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"credits_invoice_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_source_kind_check" CHECK ("invoices"."source_kind" IN ('timesheet', 'milestone')),
	CONSTRAINT "invoices_purpose_check" CHECK ("invoices"."purpose" IN ('work_approved', 'milestone_funding')),
	CONSTRAINT "invoices_seq_check" CHECK ("invoices"."seq" >= 1),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."fee_minor" + "invoices"."net_minor" = "invoices"."subtotal_minor" AND "invoices"."subtotal_minor" > 0),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credits_invoice_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid,
	"milestone_id" uuid,
	"engagement_id" uuid,
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" IN ('invoice_work', 'invoice_milestone_funding', 'milestone_release', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"company_id" uuid,
	"freelancer_id" uuid,
	"engagement_id" uuid,
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."amount_minor" <> 0),
	CONSTRAINT "journal_lines_account_check" CHECK ("journal_lines"."account" IN ('company_receivable', 'engagement_funds_held', 'freelancer_payable', 'platform_fee_revenue', 'cash_at_bank', 'payouts_in_transit')),
	CONSTRAINT "journal_lines_currency_check" CHECK ("journal_lines"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "company_billing" ADD CONSTRAINT "company_billing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freelancer_billing" ADD CONSTRAINT "freelancer_billing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_key" ON "invoices" USING btree ("source_kind","source_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("issuer_id","kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_reference_key" ON "invoices" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_key" ON "invoices" USING btree ("credits_invoice_id") WHERE "invoices"."credits_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_freelancer_idx" ON "invoices" USING btree ("freelancer_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_engagement_idx" ON "invoices" USING btree ("engagement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_invoice_key" ON "journal_entries" USING btree ("invoice_id") WHERE "journal_entries"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_milestone_release_key" ON "journal_entries" USING btree ("milestone_id") WHERE "journal_entries"."kind" = 'milestone_release';--> statement-breakpoint
CREATE INDEX "journal_entries_occurred_idx" ON "journal_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_company_idx" ON "journal_lines" USING btree ("company_id","account","currency","amount_minor");--> statement-breakpoint
CREATE INDEX "journal_lines_freelancer_idx" ON "journal_lines" USING btree ("freelancer_id","account","currency","amount_minor");--> statement-breakpoint
CREATE INDEX "journal_lines_engagement_idx" ON "journal_lines" USING btree ("engagement_id","account","currency","amount_minor");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account","currency","amount_minor");
--> statement-breakpoint
-- Hand-written below (decision 200). The journal and issued documents are append-only, as the audit
-- log is (0016, 0019): UPDATE, DELETE and TRUNCATE are refused by the database, whoever asks.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_no_update_or_delete" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_no_truncate" BEFORE TRUNCATE ON "journal_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_update_or_delete" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "invoice_pdfs_no_update_or_delete" BEFORE UPDATE OR DELETE ON "invoice_pdfs" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "invoice_pdfs_no_truncate" BEFORE TRUNCATE ON "invoice_pdfs" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
-- Every entry balances: at commit (deferred), an entry has at least two lines and its lines sum to
-- zero in each currency. Checked for each inserted line's entry and for each inserted entry (an
-- entry with no line at all is refused too).
CREATE FUNCTION "journal_entry_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry uuid;
  line_count integer;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'journal_lines' THEN entry := NEW.entry_id; ELSE entry := NEW.id; END IF;
  SELECT count(*) INTO line_count FROM journal_lines WHERE entry_id = entry;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); an entry needs at least two', entry, line_count USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency INTO unbalanced FROM journal_lines WHERE entry_id = entry GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', entry, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_balanced"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_have_lines" AFTER INSERT ON "journal_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_balanced"();
--> statement-breakpoint
-- The application's role (decision 170) may read and append to the journal and the documents, never change them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'talentloop_app') THEN
    REVOKE UPDATE, DELETE, TRUNCATE ON "journal_entries", "journal_lines", "invoices", "invoice_pdfs" FROM talentloop_app;
  END IF;
END $$;
