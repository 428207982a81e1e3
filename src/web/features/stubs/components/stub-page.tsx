import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session-store.ts';

/** A placeholder page: its heading, what it will do, and the user's roles (spec §2). */
export function StubPage({ title, description }: { title: string; description: string }) {
  const { roles } = useSession();
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      {description ? <Text>{description}</Text> : null}
      <Text>{`Your roles: ${roles.join(', ')}`}</Text>
    </Stack>
  );
}
