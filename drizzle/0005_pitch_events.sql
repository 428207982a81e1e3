CREATE TABLE "pitch_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"pitcher_id" uuid NOT NULL,
	"book_team_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"kind" text NOT NULL,
	"undoes" uuid,
	"recorded_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_events_kind_check" CHECK ("pitch_events"."kind" in ('ball', 'strike', 'foul', 'in_play', 'new_batter', 'intentional_walk', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_pitcher_id_players_id_fk" FOREIGN KEY ("pitcher_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_book_team_id_teams_id_fk" FOREIGN KEY ("book_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitch_events_book_idx" ON "pitch_events" USING btree ("game_id","pitcher_id","book_team_id");