-- 0012_support_booking: support calls (issue 11, the third verification method) and mail attachments (the call's .ics). Hand-written SQL; statements separated by --> statement-breakpoint
CREATE TABLE "support_slots" (
	"slot_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"booked_by" uuid,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"reason" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "support_bookings_status_check" CHECK ("status" IN ('booked', 'cancelled')),
	CONSTRAINT "support_bookings_slot_check" CHECK ("slot_end" > "slot_start")
);
--> statement-breakpoint
ALTER TABLE "support_bookings" ADD CONSTRAINT "support_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_bookings" ADD CONSTRAINT "support_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_bookings" ADD CONSTRAINT "support_bookings_slot_start_support_slots_slot_start_fk" FOREIGN KEY ("slot_start") REFERENCES "public"."support_slots"("slot_start") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "support_bookings_company_idx" ON "support_bookings" USING btree ("company_id","slot_start");
--> statement-breakpoint
CREATE INDEX "support_bookings_booked_slot_idx" ON "support_bookings" USING btree ("slot_start") WHERE "status" = 'booked';
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;
