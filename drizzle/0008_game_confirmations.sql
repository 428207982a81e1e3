CREATE TABLE "game_confirmations" (
	"game_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"confirmed_by" text,
	"confirmed_by_name" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	CONSTRAINT "game_confirmations_game_id_team_id_pk" PRIMARY KEY("game_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "refused_pitch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid,
	"league_id" uuid,
	"game_id" uuid,
	"description" text NOT NULL,
	"event" jsonb NOT NULL,
	"reason" text NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by_name" text
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "counts_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "count_stands_after_deadline" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "count_deadline_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "count_deadline_time" text DEFAULT '12:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_confirmations" ADD CONSTRAINT "game_confirmations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_confirmations" ADD CONSTRAINT "game_confirmations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_confirmations" ADD CONSTRAINT "game_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_pitch_events" ADD CONSTRAINT "refused_pitch_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_pitch_events" ADD CONSTRAINT "refused_pitch_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_pitch_events" ADD CONSTRAINT "refused_pitch_events_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refused_pitch_events_user_event_idx" ON "refused_pitch_events" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "refused_pitch_events_league_idx" ON "refused_pitch_events" USING btree ("league_id","refused_at");--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_count_rule_check" CHECK ("leagues"."count_stands_after_deadline" in ('home', 'own_team'));--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_count_days_check" CHECK ("leagues"."count_deadline_days" between 0 and 14);