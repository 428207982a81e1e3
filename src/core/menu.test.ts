import { describe, expect, it } from 'vitest';
import { sectionsFor } from './menu.ts';

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
