CREATE TABLE "pitching_generation" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pitching_generation" ADD CONSTRAINT "pitching_generation_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bumped as the writing transaction commits (a deferred trigger), so a reader sees the new count only with
-- the committed change, and the count's row is locked only for the commit, never while the writer goes on
-- to lock other rows (no deadlocks with a transaction that locked a game first). Once per organization
-- and transaction: the other rows of a bulk write cost a setting's lookup.
CREATE FUNCTION "bullpen_pitching_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  org uuid;
  flag text;
BEGIN
  -- The organizations whose pitchers' status the row can change (NEW is null on delete, OLD on insert).
  IF TG_TABLE_NAME = 'organizations' THEN
    orgs := ARRAY[NEW.id, OLD.id];
  ELSIF TG_TABLE_NAME = 'pitch_outings' THEN
    orgs := ARRAY(SELECT g.organization_id FROM games g WHERE g.id IN (NEW.game_id, OLD.game_id));
  ELSIF TG_TABLE_NAME = 'roster_entries' THEN
    orgs := ARRAY(SELECT t.organization_id FROM teams t WHERE t.id IN (NEW.team_id, OLD.team_id));
  ELSIF TG_TABLE_NAME = 'rest_rules' THEN
    orgs := ARRAY(SELECT l.organization_id FROM leagues l WHERE l.rest_rule_id IN (NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'rest_profiles' THEN
    orgs := ARRAY(SELECT l.organization_id FROM leagues l WHERE l.rest_rule_id IN (NEW.rest_rule_id, OLD.rest_rule_id));
  ELSE
    orgs := ARRAY[NEW.organization_id, OLD.organization_id];
  END IF;
  FOREACH org IN ARRAY orgs LOOP
    CONTINUE WHEN org IS NULL;
    flag := 'bullpen.pitching_' || replace(org::text, '-', '');
    CONTINUE WHEN current_setting(flag, true) = '1';
    PERFORM set_config(flag, '1', true);
    -- An organization deleted in the same transaction has nothing left to count.
    INSERT INTO "pitching_generation" ("organization_id", "n")
      SELECT o.id, 1 FROM "organizations" o WHERE o.id = org
      ON CONFLICT ("organization_id") DO UPDATE SET "n" = "pitching_generation"."n" + 1;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organizations_pitching_changed" AFTER UPDATE ON "organizations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leagues_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "leagues" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "seasons_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "seasons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teams_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "teams" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "players_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "players" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roster_entries_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "roster_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "games_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "games" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pitch_outings_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "pitch_outings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outside_outings_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "outside_outings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rest_rules_pitching_changed" AFTER UPDATE OR DELETE ON "rest_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rest_profiles_pitching_changed" AFTER INSERT OR UPDATE OR DELETE ON "rest_profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bullpen_pitching_changed"();
