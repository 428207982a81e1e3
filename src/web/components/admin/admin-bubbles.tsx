import { Badge, Group, Text } from '@mantine/core';
import { type UserSummary, userName } from './user-summary.ts';

/**
 * The admins of a row as name bubbles ('given family', falling back to the id; docs/screens.md, Screens); a dash when
 * none.
 */
export function AdminBubbles({ users }: { users: UserSummary[] }) {
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {users.map((user) => (
        <Badge
          key={user.id}
          component="li"
          variant="light"
          tt="none"
          fw={500}
          title={user.email || undefined}
          // Whole names: Mantine's badge would cut them to 'Alex Ad…' in a narrow column.
          styles={{ label: { overflow: 'visible' } }}
        >
          {userName(user)}
        </Badge>
      ))}
    </Group>
  );
}
