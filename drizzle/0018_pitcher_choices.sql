CREATE TABLE "pitcher_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"pitcher_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"chosen_by" text,
	"chosen_by_name" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	"reasons" jsonb NOT NULL,
	"next_eligible_date" date
);
--> statement-breakpoint
ALTER TABLE "pitcher_choices" ADD CONSTRAINT "pitcher_choices_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitcher_choices" ADD CONSTRAINT "pitcher_choices_pitcher_id_players_id_fk" FOREIGN KEY ("pitcher_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitcher_choices" ADD CONSTRAINT "pitcher_choices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitcher_choices" ADD CONSTRAINT "pitcher_choices_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pitcher_choices_game_pitcher_idx" ON "pitcher_choices" USING btree ("game_id","pitcher_id");