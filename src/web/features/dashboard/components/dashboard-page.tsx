import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { normalizeRoles } from '../../../../core/roles.ts';
import { useT } from '../../../lib/i18n.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import { useMenuState } from './menu-state.ts';

/**
 * /dashboard: the selected menu section's pages as cards, and each role's day (docs/screens.md, Dashboard): what a
 * coach, a parent or an admin would otherwise open three pages to learn (`day`, composed by the router of the
 * features' own answers).
 */
export function DashboardPage({ day }: { day?: ReactNode }) {
  const { sections, selectedId } = useMenuState();
  const t = useT();
  const me = useQuery(meQueryOptions);
  const roles = normalizeRoles(me.data?.roles ?? []);
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
        // With a day to show, only a phone's hint is left here.
        <Stack gap="xs" hiddenFrom={roles.length > 0 ? 'sm' : undefined}>
          {roles.length === 0 ? <Text>{t('shell.dashboard.nothingSelected')}</Text> : null}
          {/* On a phone the sidebar is folded away behind the menu button. */}
          <Text size="sm" c="dimmed" hiddenFrom="sm">
            {t('shell.dashboard.openMenu')}
          </Text>
        </Stack>
      )}
      {day}
    </Stack>
  );
}
