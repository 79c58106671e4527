-- 0004_roles_files: placeholder, replaced by the migration of its feature. Hand-written SQL; statements separated by --> statement-breakpoint
SELECT 1;
