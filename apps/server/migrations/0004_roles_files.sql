-- 0004_roles_files: no schema change was needed (files already have owner and kind columns); kept so the
-- numbering of the migrations that follow stays as shipped.
SELECT 1;
