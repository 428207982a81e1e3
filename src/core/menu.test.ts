import { describe, expect, it } from 'vitest';
import { sectionsFor } from './menu.ts';

const labels = (roles: Parameters<typeof sectionsFor>[0]) =>
  sectionsFor(roles).flatMap((s) => s.items.map((i) => i.label));

describe('sectionsFor (spec §2, Dashboard)', () => {
  it('shows SuperAdmin every admin section', () => {
    expect(labels(['SuperAdmin'])).toEqual([
      'User Management',
      'Manage Organizations',
      'Manage Leagues',
      'Team Management',
      'Season Management',
      'View Violations',
      'Manage Rest Rules',
    ]);
  });

  it('shows each role only its own sections', () => {
    expect(labels(['admin'])).toEqual(['Team Management', 'Season Management', 'View Violations', 'Manage Rest Rules']);
    expect(labels(['coach'])).toEqual(['Log Pitch Outing', 'Pitcher Status']);
    expect(labels(['parent'])).toEqual(["My Child's Status", 'Log Outing for My Child']);
    expect(labels([])).toEqual([]);
  });
});
