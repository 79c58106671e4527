-- 0002_auth_hardening: one-time codes are bound to the browser that requested them (requester =
-- hash of its code cookie), and a registration code carries the attempt it activates (payload).
ALTER TABLE "otp_codes" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "payload" jsonb;--> statement-breakpoint
DROP INDEX IF EXISTS "otp_codes_email_purpose_key";--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_email_purpose_requester_key" ON "otp_codes" USING btree ("email","purpose","requester");
