import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

export interface RowAction {
  /** The button's text: 'Edit', 'Manage Admins'. */
  label: string;
  /** Its accessible name, which says the row: 'Edit Majors', 'Manage Admins of Majors'. */
  name: string;
  onClick?: () => void;
  /** A link to another screen instead of a modal (a team's Roster). */
  to?: string;
  /** Red: a deletion. */
  danger?: boolean;
}

/**
 * A row's action buttons, in order; a falsy entry is an action this user may not take. The screens
 * with a few wide rows use small buttons; the long lists ('compact') use denser ones, and a red outline
 * for Delete, which reads better on their striped rows.
 */
export function RowActions({
  actions,
  compact = false,
  wrap,
  size,
}: {
  actions: (RowAction | false | null | undefined)[];
  compact?: boolean;
  wrap?: 'wrap' | 'nowrap';
  /** A larger button than the screen's own (a coach's thumb on Games). */
  size?: 'sm';
}) {
  return (
    <Group gap={compact ? 6 : 'xs'} wrap={wrap}>
      {actions.map((action) => {
        if (!action) return null;
        const look = action.danger
          ? compact
            ? { variant: 'outline', color: 'red.9' }
            : { variant: 'default', color: 'red' }
          : { variant: 'default' };
        const buttonSize = size ?? (compact ? 'compact-sm' : 'xs');
        return action.to ? (
          <Button
            key={action.name}
            size={buttonSize}
            {...look}
            component={Link}
            to={action.to}
            aria-label={action.name}
          >
            {action.label}
          </Button>
        ) : (
          <Button key={action.name} size={buttonSize} {...look} aria-label={action.name} onClick={action.onClick}>
            {action.label}
          </Button>
        );
      })}
    </Group>
  );
}
