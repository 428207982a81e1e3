import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMenuState } from './menu-state.ts';

export const NOTHING_SELECTED = 'Select a section to view details.';

/** /dashboard: the selected menu section's pages as cards (docs/screens.md, Dashboard). */
export function DashboardPage() {
  const { sections, selectedId } = useMenuState();
  const selected = sections.find((section) => section.id === selectedId);

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {selected ? (
        <Stack gap="md" component="section" aria-labelledby="dashboard-section-title">
          <Title order={2} id="dashboard-section-title">
            {selected.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {selected.items.map((item) => (
              <Card key={item.path} withBorder padding="lg" radius="md">
                <Anchor component={Link} to={item.path} fw={600} fz="lg">
                  {item.label}
                </Anchor>
                <Text size="sm" mt="xs">
                  {item.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text>{NOTHING_SELECTED}</Text>
          {/* On a phone the sidebar is folded away behind the menu button. */}
          <Text size="sm" c="dimmed" hiddenFrom="sm">
            Open the menu at the top left to choose a section.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
