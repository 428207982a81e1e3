ALTER TABLE "players" ADD COLUMN "removal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "removal_requested_by" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "removal_requested_by_name" text;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_removal_requested_by_users_id_fk" FOREIGN KEY ("removal_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;