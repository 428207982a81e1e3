CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text,
	"home_team_id" uuid,
	"away_team_id" uuid,
	"opponent_name" text,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_state_check" CHECK ("games"."state" in ('scheduled', 'in_progress', 'final', 'suspended')),
	CONSTRAINT "games_teams_check" CHECK ("games"."home_team_id" is not null or "games"."away_team_id" is not null),
	CONSTRAINT "games_two_teams_check" CHECK ("games"."home_team_id" is null or "games"."away_team_id" is null or "games"."home_team_id" <> "games"."away_team_id")
);
--> statement-breakpoint
CREATE TABLE "outing_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outing_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "pitch_outings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"date" date NOT NULL,
	"pitches" integer DEFAULT 0 NOT NULL,
	"pitches_before_last_batter" integer,
	"pitched_innings" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"caught_innings" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"outs" integer DEFAULT 0 NOT NULL,
	"intentional_walks" integer DEFAULT 0 NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_payload" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"outing_id" uuid NOT NULL,
	"date" date NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text,
	"acted_by" text,
	"acted_by_name" text,
	"acted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violations_state_check" CHECK ("violations"."state" in ('open', 'acknowledged', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_profiles" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "rest_profiles" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "unit" text DEFAULT 'pitches' NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "age_basis" jsonb DEFAULT '{"kind":"cutoff","month":8,"day":31,"yearOffset":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "daily_limits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "finish_batter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "intentional_walk_pitches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "max_games_per_day" integer;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "max_consecutive_days" integer;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "windows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "catcher" jsonb DEFAULT '{"noCatchingAfterPitches":null,"noPitchingAfterCaughtInnings":null,"noCatchingAgainAfterPitches":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "preset_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outing_corrections" ADD CONSTRAINT "outing_corrections_outing_id_pitch_outings_id_fk" FOREIGN KEY ("outing_id") REFERENCES "public"."pitch_outings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outing_corrections" ADD CONSTRAINT "outing_corrections_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_outings" ADD CONSTRAINT "pitch_outings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_outings" ADD CONSTRAINT "pitch_outings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_outings" ADD CONSTRAINT "pitch_outings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_outings" ADD CONSTRAINT "pitch_outings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_outing_id_pitch_outings_id_fk" FOREIGN KEY ("outing_id") REFERENCES "public"."pitch_outings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_league_season_date_idx" ON "games" USING btree ("league_id","season_id","date");--> statement-breakpoint
CREATE INDEX "games_home_team_idx" ON "games" USING btree ("home_team_id");--> statement-breakpoint
CREATE INDEX "games_away_team_idx" ON "games" USING btree ("away_team_id");--> statement-breakpoint
CREATE INDEX "outing_corrections_outing_idx" ON "outing_corrections" USING btree ("outing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_outings_game_player_idx" ON "pitch_outings" USING btree ("game_id","player_id") WHERE "pitch_outings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pitch_outings_player_date_idx" ON "pitch_outings" USING btree ("player_id","date");--> statement-breakpoint
CREATE INDEX "pitch_outings_team_idx" ON "pitch_outings" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "violations_outing_code_idx" ON "violations" USING btree ("outing_id","code");--> statement-breakpoint
CREATE INDEX "violations_league_season_idx" ON "violations" USING btree ("league_id","season_id","date");--> statement-breakpoint
CREATE INDEX "violations_player_idx" ON "violations" USING btree ("player_id");--> statement-breakpoint
ALTER TABLE "rest_rules" ADD CONSTRAINT "rest_rules_preset_id_unique" UNIQUE("preset_id");--> statement-breakpoint
ALTER TABLE "rest_rules" ADD CONSTRAINT "rest_rules_unit_check" CHECK ("rest_rules"."unit" in ('pitches', 'innings'));