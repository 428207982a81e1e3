CREATE TABLE "pitch_books" (
	"game_id" uuid NOT NULL,
	"pitcher_id" uuid NOT NULL,
	"book_team_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	CONSTRAINT "pitch_books_game_id_pitcher_id_book_team_id_pk" PRIMARY KEY("game_id","pitcher_id","book_team_id")
);
--> statement-breakpoint
ALTER TABLE "pitch_books" ADD CONSTRAINT "pitch_books_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_books" ADD CONSTRAINT "pitch_books_pitcher_id_players_id_fk" FOREIGN KEY ("pitcher_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_books" ADD CONSTRAINT "pitch_books_book_team_id_teams_id_fk" FOREIGN KEY ("book_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;