-- Change feed for per-process caches of worlds (lib/worlds/world-cache.ts): every update
-- notifies channel `world_changed` with "<id> <rev>@<updated_at in ms>", every delete with
-- "<id>", whichever process made it.
CREATE FUNCTION notify_world_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('world_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('world_changed', NEW.id::text || ' ' || NEW.rev || '@' || floor(extract(epoch FROM NEW.updated_at) * 1000)::bigint);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER worlds_notify_changed
AFTER UPDATE OR DELETE ON "worlds"
FOR EACH ROW EXECUTE FUNCTION notify_world_changed();

-- A graph is rewritten whole on every edit: lz4 compresses megabytes in a few milliseconds and
-- cuts what is written. Where the server lacks lz4 (embedded PGlite), skip pglz, which is slower
-- than writing the bytes uncompressed.
DO $$
BEGIN
  ALTER TABLE "worlds" ALTER COLUMN "graph" SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  ALTER TABLE "worlds" ALTER COLUMN "graph" SET STORAGE EXTERNAL;
END $$;
