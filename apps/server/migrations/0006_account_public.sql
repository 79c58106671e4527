-- 0006_account_public: profile visibility and the stable public slug (issue 10). Hand-written SQL; statements separated by --> statement-breakpoint
CREATE TABLE "freelancer_privacy" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"visibility" text DEFAULT 'companies' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freelancer_privacy_visibility_check" CHECK ("visibility" IN ('public', 'companies', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "freelancer_privacy" ADD CONSTRAINT "freelancer_privacy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "freelancer_privacy_slug_key" ON "freelancer_privacy" USING btree ("slug");
