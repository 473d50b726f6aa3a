-- The change feed (platform/changes.ts): committed changes to what the processes keep in memory (sessions, profiles and wallets, roles) are announced on the channel exship_changes as '<table>:<id>', so every process drops what it kept at once. NOTIFY is delivered only when its transaction commits.
CREATE OR REPLACE FUNCTION exship_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_new text;
  key_old text;
BEGIN
  IF TG_OP <> 'DELETE' THEN key_new := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'INSERT' THEN key_old := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF key_new IS NOT NULL THEN PERFORM pg_notify('exship_changes', TG_TABLE_NAME || ':' || key_new); END IF;
  IF key_old IS NOT NULL AND key_old IS DISTINCT FROM key_new THEN PERFORM pg_notify('exship_changes', TG_TABLE_NAME || ':' || key_old); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallets_change_feed AFTER INSERT OR UPDATE OR DELETE ON wallets FOR EACH ROW EXECUTE FUNCTION exship_notify_change('account_id');
--> statement-breakpoint
CREATE TRIGGER users_change_feed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION exship_notify_change('account_id');
--> statement-breakpoint
CREATE TRIGGER sessions_change_feed AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION exship_notify_change('user_id');
--> statement-breakpoint
CREATE TRIGGER user_permissions_change_feed AFTER INSERT OR UPDATE OR DELETE ON user_permissions FOR EACH ROW EXECUTE FUNCTION exship_notify_change('user_id');
--> statement-breakpoint
CREATE TRIGGER role_permissions_change_feed AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH ROW EXECUTE FUNCTION exship_notify_change('role_id');
--> statement-breakpoint
CREATE TRIGGER roles_change_feed AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION exship_notify_change('id');
