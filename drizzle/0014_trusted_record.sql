CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"seq" integer NOT NULL,
	"organization_id" uuid,
	"league_id" uuid,
	"game_id" uuid,
	"player_id" uuid,
	"at" timestamp (3) with time zone NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"session_id" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_chain_seq_idx" ON "audit_entries" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_entries_game_idx" ON "audit_entries" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "audit_entries_player_idx" ON "audit_entries" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "audit_entries_league_idx" ON "audit_entries" USING btree ("league_id","at");--> statement-breakpoint
CREATE INDEX "pitch_outings_game_idx" ON "pitch_outings" USING btree ("game_id");