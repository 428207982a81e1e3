/** The four roles of the product the spec describes (docs/screens.md, Roles). */
export const ROLES = ['SuperAdmin', 'admin', 'coach', 'parent'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Keeps only known roles, in the canonical order, without duplicates. */
export function normalizeRoles(values: readonly unknown[]): Role[] {
  return ROLES.filter((role) => values.includes(role));
}
