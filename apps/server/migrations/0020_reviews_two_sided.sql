DROP INDEX "reviews_hire_key";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reveal_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Reviews written before issue 32 were published when written: no "you were reviewed" mail is owed.
UPDATE "reviews" SET "reveal_mailed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_hire_author_key" ON "reviews" USING btree ("hire_id","author");--> statement-breakpoint
CREATE INDEX "reviews_reveal_mail_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."reveal_mailed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_check" CHECK ("reviews"."author" IN ('company', 'freelancer'));