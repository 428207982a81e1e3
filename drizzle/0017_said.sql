ALTER TABLE "refused_pitch_events" ADD COLUMN "said" jsonb;--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "said" jsonb;