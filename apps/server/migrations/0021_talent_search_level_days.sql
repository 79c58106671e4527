DROP INDEX "talent_search_level_idx";--> statement-breakpoint
ALTER TABLE "talent_search" ADD COLUMN "level_days" date[];--> statement-breakpoint
ALTER TABLE "talent_search" DROP COLUMN "experience_level";