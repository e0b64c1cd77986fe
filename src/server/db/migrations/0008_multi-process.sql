CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Every process keeps the sessions it resolved in memory (services/session-cache.ts). Whatever changes
-- what a token stands for (a revoked or expired session, a user's password, disabling or profile, an
-- identity's role, a school's status) tells every process through NOTIFY, sent by these triggers in the
-- writing transaction, so the change counts at commit in every process, whichever code or tool wrote it.
CREATE OR REPLACE FUNCTION zhipi_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('zhipi_auth', 's:' || r.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('zhipi_auth', 'u:' || r.id);
  ELSIF TG_TABLE_NAME = 'identities' THEN
    PERFORM pg_notify('zhipi_auth', 'u:' || r.user_id);
  ELSIF TG_TABLE_NAME = 'schools' THEN
    PERFORM pg_notify('zhipi_auth', 'sc:' || r.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION zhipi_notify_auth();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION zhipi_notify_auth();
--> statement-breakpoint
CREATE TRIGGER identities_notify_auth AFTER INSERT OR UPDATE OR DELETE ON identities FOR EACH ROW EXECUTE FUNCTION zhipi_notify_auth();
--> statement-breakpoint
CREATE TRIGGER schools_notify_auth AFTER UPDATE OR DELETE ON schools FOR EACH ROW EXECUTE FUNCTION zhipi_notify_auth();
