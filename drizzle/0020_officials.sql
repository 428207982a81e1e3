CREATE TABLE "official_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"official_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "officials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_confirmations" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_id" uuid;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_counts" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_digest" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "signatures_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "official_links" ADD CONSTRAINT "official_links_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_links" ADD CONSTRAINT "official_links_official_id_officials_id_fk" FOREIGN KEY ("official_id") REFERENCES "public"."officials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_links" ADD CONSTRAINT "official_links_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officials" ADD CONSTRAINT "officials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officials" ADD CONSTRAINT "officials_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "official_links_game_idx" ON "official_links" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "officials_league_idx" ON "officials" USING btree ("league_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officials_league_email_idx" ON "officials" USING btree ("league_id","email") WHERE "officials"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_official_id_officials_id_fk" FOREIGN KEY ("official_id") REFERENCES "public"."officials"("id") ON DELETE set null ON UPDATE no action;