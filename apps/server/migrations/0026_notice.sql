ALTER TABLE "engagements" ADD COLUMN "notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "notice_given_by" text;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "notice_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "early_end_date" date;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "early_end_by" text;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "early_end_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "engagements_ending_idx" ON "engagements" USING btree ("end_date") WHERE "engagements"."status" = 'active' AND "engagements"."end_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_notice_days_check" CHECK ("engagements"."notice_days" >= 30);--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_notice_by_check" CHECK ("engagements"."notice_given_by" IN ('company', 'freelancer'));--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_early_end_by_check" CHECK ("engagements"."early_end_by" IN ('company', 'freelancer'));--> statement-breakpoint
-- The notice period in force is the accepted terms' (issue 35): copied onto engagements that already run.
UPDATE "engagements" AS e SET "notice_days" = GREATEST(30, (t."terms"->>'noticeDays')::int)
  FROM "engagement_terms" AS t
  WHERE t."engagement_id" = e."id" AND t."version" = GREATEST(e."terms_version", 1);
--> statement-breakpoint
-- A hire is finished when its engagement ends (issue 35: no more 'Mark finished'): hires of engagements already ended.
UPDATE "hires" AS h SET "finished_at" = e."ended_at", "version" = h."version" + 1
  FROM "engagements" AS e
  WHERE e."hire_id" = h."id" AND e."status" = 'ended' AND e."ended_at" IS NOT NULL AND h."finished_at" IS NULL;
