-- 0009_storage: file bytes are written by key before the save's transaction (a "pending" row,
-- attached_at NULL), the metadata attaches them inside it; the hourly cleanup deletes pending rows
-- past a grace period. A deployment with a bucket keeps an empty data column here.
ALTER TABLE "files" ADD COLUMN "attached_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "files" SET "attached_at" = "created_at";--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("created_at") WHERE "attached_at" IS NULL;
