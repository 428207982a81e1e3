import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_SECTIONS, sectionsFor } from './menu.ts';

const labels = (roles: Parameters<typeof sectionsFor>[0]) =>
  sectionsFor(roles).flatMap((s) => s.items.map((i) => i.label));

describe('sectionsFor (docs/screens.md, Dashboard)', () => {
  it('shows SuperAdmin every admin section', () => {
    expect(labels(['SuperAdmin'])).toEqual([
      'User Management',
      'Manage Organizations',
      'Manage Leagues',
      'Team Management',
      'Player Management',
      'Season Management',
      'View Violations',
      'Game Counts',
      'Manage Rest Rules',
    ]);
  });

  it('shows each role only its own sections', () => {
    expect(labels(['admin'])).toEqual([
      'Manage Leagues',
      'Team Management',
      'Player Management',
      'Season Management',
      'View Violations',
      'Game Counts',
      'Manage Rest Rules',
    ]);
    expect(labels(['coach'])).toEqual(['My Teams', 'Log Pitch Outing', 'Pitcher Status']);
    // An admin who also coaches sees Team Management once, not My Teams as well.
    expect(labels(['admin', 'coach'])).not.toContain('My Teams');
    expect(labels(['parent'])).toEqual(["My Child's Status", 'Log Outing for My Child']);
    expect(labels([])).toEqual([]);
  });
});

describe("the menu's words", () => {
  const english = JSON.parse(
    readFileSync(join(import.meta.dirname, 'i18n/catalogues/en/shell.json'), 'utf8'),
  ) as Record<string, string>;

  it("are the English catalogue's messages for their ids, so every language shows the spec's menu", () => {
    for (const section of MENU_SECTIONS) {
      expect(english[section.titleId], section.titleId).toBe(section.title);
      for (const item of section.items) {
        expect(english[item.labelId], item.labelId).toBe(item.label);
        expect(english[item.descriptionId], item.descriptionId).toBe(item.description);
      }
    }
  });
});
