-- 0003_ops_hardening: the mail outbox gives every mail an expiry (a code mail dies with its code)
-- and a dead-letter state after a bounded number of tries; mail already queued expires a day after
-- it was queued.
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "outbox" SET "expires_at" = "created_at" + interval '24 hours' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL AND dead_at IS NULL;
