-- 0005_profile_editor: a version per profile section, so a save made from stale data is refused
-- (docs/decisions.md: no lost update in the profile editor).
CREATE TABLE "freelancer_section_versions" (
	"user_id" uuid NOT NULL,
	"section" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freelancer_section_versions_pk" PRIMARY KEY("user_id","section")
);
--> statement-breakpoint
ALTER TABLE "freelancer_section_versions" ADD CONSTRAINT "freelancer_section_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
