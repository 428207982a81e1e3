import { eq, inArray } from 'drizzle-orm';
import { PRESET_IDS, type PresetId, presetRule } from '../../core/rules/presets.ts';
import type { Db } from './client.ts';
import { restProfiles, restRules, settings } from './schema.ts';

const markerOf = (presetId: PresetId) => `preset_added:${presetId}`;

/**
 * Adds each rulebook Bullpen ships (src/core/rules/presets.ts) as a global rest rule, once: a
 * preset a SuperAdmin edited or deleted is never put back or overwritten. Runs at every start,
 * on both databases, so a new preset reaches existing installations. Returns the ids of the
 * presets' rules that exist.
 */
export async function ensurePresetRules(db: Db): Promise<Map<PresetId, string>> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: restRules.id, presetId: restRules.presetId })
      .from(restRules)
      .where(inArray(restRules.presetId, [...PRESET_IDS]));
    const ids = new Map(existing.map((r) => [r.presetId as PresetId, r.id]));
    // A preset added once is remembered, so one a SuperAdmin deleted is not put back.
    const added = new Set(
      (
        await tx
          .select({ key: settings.key })
          .from(settings)
          .where(inArray(settings.key, PRESET_IDS.map(markerOf)))
      ).map((r) => r.key),
    );
    for (const presetId of PRESET_IDS) {
      if (ids.has(presetId) || added.has(markerOf(presetId))) continue;
      await tx
        .insert(settings)
        .values({ key: markerOf(presetId), value: new Date().toISOString() })
        .onConflictDoNothing();
      const { intervals, ...rule } = presetRule(presetId);
      const [row] = await tx
        .insert(restRules)
        .values({ ...rule, global: true, organizationId: null, presetId })
        .onConflictDoNothing({ target: restRules.presetId })
        .returning({ id: restRules.id });
      // Another server starting at the same moment added it first.
      if (!row) {
        const [theirs] = await tx.select({ id: restRules.id }).from(restRules).where(eq(restRules.presetId, presetId));
        if (theirs) ids.set(presetId, theirs.id);
        continue;
      }
      await tx.insert(restProfiles).values(
        intervals.map((i) => ({
          restRuleId: row.id,
          pitchCount: i.pitchCount,
          daysRest: i.daysRest,
          minAge: i.minAge ?? null,
          maxAge: i.maxAge ?? null,
        })),
      );
      ids.set(presetId, row.id);
    }
    return ids;
  });
}
