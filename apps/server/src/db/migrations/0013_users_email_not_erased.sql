-- NOT VALID: every identity made or changed from now on is checked; an address a database already holds does not stop the upgrade.
ALTER TABLE "users" ADD CONSTRAINT "users_email_not_erased" CHECK ("users"."email" not like '%@deleted.invalid') NOT VALID;
