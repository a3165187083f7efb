-- Every process that answers requests keeps the sessions it has looked up (lib/sessions.ts,
-- SessionCache) and forgets them all when this channel is notified: whenever sessions are
-- deleted, by Echo or by hand. One notice per statement, and only when it removed something.
CREATE FUNCTION echo_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('echo_sessions_changed', '');
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('echo_sessions_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_sessions_deleted AFTER DELETE ON user_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION echo_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER user_sessions_updated AFTER UPDATE ON user_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION echo_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER user_sessions_truncated AFTER TRUNCATE ON user_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION echo_sessions_changed();
