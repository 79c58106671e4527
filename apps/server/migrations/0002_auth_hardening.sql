-- 0002_auth_hardening: placeholder, replaced by the migration of its feature. Hand-written SQL; statements separated by --> statement-breakpoint
SELECT 1;
