import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.ts';
import { useMenuState } from './menu-state.ts';

/** /dashboard: the selected menu section's pages as cards (docs/screens.md, Dashboard). */
export function DashboardPage() {
  const { sections, selectedId } = useMenuState();
  const t = useT();
  const selected = sections.find((section) => section.id === selectedId);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('shell.dashboard.title')}</Title>
      {selected ? (
        <Stack gap="md" component="section" aria-labelledby="dashboard-section-title">
          <Title order={2} id="dashboard-section-title">
            {t(selected.titleId)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {selected.items.map((item) => (
              <Card key={item.path} withBorder padding="lg" radius="md">
                <Anchor component={Link} to={item.path} fw={600} fz="lg">
                  {t(item.labelId)}
                </Anchor>
                <Text size="sm" mt="xs">
                  {t(item.descriptionId)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text>{t('shell.dashboard.nothingSelected')}</Text>
          {/* On a phone the sidebar is folded away behind the menu button. */}
          <Text size="sm" c="dimmed" hiddenFrom="sm">
            {t('shell.dashboard.openMenu')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
