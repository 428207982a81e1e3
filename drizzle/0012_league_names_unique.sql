-- Leagues named alike in one organization (accepted before this index) keep their first name; the others
-- get their creation order added, "Juniors (2)", so the index can be made and nothing is lost.
-- keeps-data UPDATE: renames only the leagues whose name another league of the same organization already had, adding
-- their creation order; each keeps its old name at the start of the new one, and no row is removed.
UPDATE "leagues" AS l SET "name" = l."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "organization_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "leagues"
) AS d
WHERE d."id" = l."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_name_idx" ON "leagues" USING btree ("organization_id",lower("name"));
