ALTER TABLE "players" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "player_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_player_idx" ON "outbox_emails" USING btree ("player_id");