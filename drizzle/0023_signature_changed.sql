ALTER TABLE "games" ADD COLUMN "signature_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "games_signature_changed_idx" ON "games" USING btree ("signature_changed_at") WHERE "games"."signature_changed_at" is not null;--> statement-breakpoint
-- keeps-data UPDATE: sets only the new column, on games the official signed whose history grew after the minute's job
-- last looked (what that job read each minute before this column): it finds them there, and nothing else changes.
UPDATE "games" g SET "signature_changed_at" = (
  SELECT min(a."at") FROM "audit_entries" a
  WHERE a."game_id" = g."id" AND a."entity" IN ('outing', 'pitch-event', 'game')
    AND a."at" > coalesce(g."signatures_checked_at", g."official_signed_at"))
WHERE g."official_signed_at" IS NOT NULL AND g."official_digest" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "audit_entries" a
  WHERE a."game_id" = g."id" AND a."entity" IN ('outing', 'pitch-event', 'game')
    AND a."at" > coalesce(g."signatures_checked_at", g."official_signed_at"));
