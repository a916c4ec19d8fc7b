-- Change feed for the per-process cache of campaigns (lib/campaigns/campaign-cache.ts): every
-- insert, update or delete of a campaign or of one of its chapters notifies channel
-- `campaign_changed` with the campaign's id, whichever process made it.
CREATE FUNCTION notify_campaign_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    PERFORM pg_notify('campaign_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('campaign_changed', COALESCE(NEW.campaign_id, OLD.campaign_id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER campaigns_notify_changed
AFTER UPDATE OR DELETE ON "campaigns"
FOR EACH ROW EXECUTE FUNCTION notify_campaign_changed();

CREATE TRIGGER campaign_chapters_notify_changed
AFTER INSERT OR UPDATE OR DELETE ON "campaign_chapters"
FOR EACH ROW EXECUTE FUNCTION notify_campaign_changed();
