-- 0005_profile_editor: placeholder, replaced by the migration of its feature. Hand-written SQL; statements separated by --> statement-breakpoint
SELECT 1;
