CREATE TABLE "auth_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_generation_one_row" CHECK ("auth_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "auth_generation" ("id", "n") VALUES (1, 0);--> statement-breakpoint
-- Bumped in the writer's transaction, so a reader sees the new count only with the committed change.
-- The notification carries the count: the embedded database delivers it before the write returns.
CREATE FUNCTION "bullpen_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next bigint;
BEGIN
  UPDATE "auth_generation" SET "n" = "n" + 1 WHERE "id" = 1 RETURNING "n" INTO next;
  PERFORM pg_notify('bullpen_auth', next::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "email", "given_name", "family_name", "roles", "must_change_password", "disabled" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_admins_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "organization_admins" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "league_admins_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "league_admins" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "team_coaches_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_coaches" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "player_guardians_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "player_guardians" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "leagues_auth_changed" AFTER UPDATE OF "organization_id" OR DELETE ON "leagues" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "teams_auth_changed" AFTER UPDATE OF "organization_id" OR DELETE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "players_auth_changed" AFTER UPDATE OF "organization_id" OR DELETE ON "players" FOR EACH STATEMENT EXECUTE FUNCTION "bullpen_auth_changed"();
