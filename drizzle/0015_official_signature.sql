ALTER TABLE "games" ADD COLUMN "official_code_hash" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_name" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "official_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "require_official_signature" boolean DEFAULT false NOT NULL;