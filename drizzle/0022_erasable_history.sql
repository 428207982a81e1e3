ALTER TABLE "audit_entries" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "content_mac" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "legacy_hash" text;--> statement-breakpoint
CREATE INDEX "audit_entries_uncommitted_idx" ON "audit_entries" USING btree ("chain") WHERE "audit_entries"."content_mac" is null;