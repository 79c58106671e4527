-- 0014_registration_key: one registration number, one verified company (issue 18). Hand-written SQL; statements separated by --> statement-breakpoint
-- companies.registration_key holds the number a company was verified with, in one spelling (the server's
-- registrationKey: `US:041234567`). A partial unique index over verified companies lets one company hold a
-- number, whichever method verified it and however many try at once.
ALTER TABLE "companies" ADD COLUMN "registration_key" text;
--> statement-breakpoint
-- Companies verified before this migration: the key from their latest verification's evidence, spelled as
-- registrationKey spells a number no validator reads (upper case, letters and digits only, a leading country
-- code that a digit follows dropped; a GSTIN as its PAN, a SIRET as its SIREN). Where several already hold one
-- number, the first verified keeps it and the others stay without a key (for an operator to look at).
WITH latest AS (
	SELECT DISTINCT ON (e."company_id") e."company_id", e."created_at",
		upper(coalesce(e."checks"->>'country', '')) AS cc,
		upper(regexp_replace(coalesce(e."checks"->>'registrationNumber', ''), '[^0-9A-Za-z]', '', 'g')) AS num
	FROM "company_verification_events" e
	JOIN "companies" c ON c."id" = e."company_id" AND c."verification_status" = 'verified'
	WHERE e."outcome" = 'verified'
	ORDER BY e."company_id", e."created_at" DESC
), unprefixed AS (
	SELECT "company_id", "created_at", cc,
		CASE WHEN left(num, 2) = (CASE WHEN cc = 'GR' THEN 'EL' ELSE cc END) AND substr(num, 3, 1) ~ '^[0-9]$' THEN substr(num, 3) ELSE num END AS num
	FROM latest
	WHERE cc <> '' AND num <> ''
), keyed AS (
	SELECT "company_id", "created_at", cc || ':' || CASE
		WHEN cc = 'IN' AND num ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]$' THEN substr(num, 3, 10)
		WHEN cc = 'FR' AND num ~ '^[0-9]{14}$' THEN substr(num, 1, 9)
		ELSE num
	END AS key
	FROM unprefixed
), first_holder AS (
	SELECT "company_id", key, row_number() OVER (PARTITION BY key ORDER BY "created_at", "company_id") AS n
	FROM keyed
)
UPDATE "companies" SET "registration_key" = f.key FROM first_holder f WHERE "companies"."id" = f."company_id" AND f.n = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_verified_registration_key" ON "companies" USING btree ("registration_key") WHERE "verification_status" = 'verified' AND "registration_key" IS NOT NULL;
