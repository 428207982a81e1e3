import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { normalizeRoles } from '../../core/roles.ts';
import { usePageSelection } from '../components/admin/use-page-selection.ts';
import { InvitationsSection } from '../features/account/components/invitations-section.tsx';
import { officialCountsQueryOptions } from '../features/game-counts/api/list-official-counts.ts';
import { useMyChildren } from '../features/parent/api/my-children.ts';
import { ChildStatus } from '../features/parent/components/child-status.tsx';
import { usePitcherStatus } from '../features/status/api/pitcher-status.ts';
import { pitcherName, TodayCell } from '../features/status/components/pitcher-cells.tsx';
import { useGamesOn } from '../features/tracker/api/list-games.ts';
import { gameStateLabel, opponentOf } from '../features/tracker/components/game-words.ts';
import { useViolations } from '../features/violations/api/list-violations.ts';
import { playerLabel } from '../features/violations/components/violation-note-modal.tsx';
import { violationLabel } from '../features/violations/violation-labels.ts';
import { errorMessage } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { leagueOptionsQueryOptions } from '../lib/league-options.ts';
import { meQueryOptions } from '../lib/me.ts';
import { type CoachedTeam, teamLabel, useCoachedTeams } from '../lib/team-options.ts';

/** How many of a list the dashboard shows before "and N more" and the page's link. */
const SHOWN = 5;

/**
 * Each role's day on the dashboard (docs/screens.md, Dashboard): a coach today's games and who may pitch, a parent
 * each child's status, an admin the counts to agree and the open violations. Every answer is the one the role's own
 * page reads (Pitcher Status, the child's card, Game Counts, View Violations), never worked out again here. It lives
 * beside the router, which composes the features: each block is another feature's answer.
 */
export function YourDay() {
  const me = useQuery(meQueryOptions);
  const roles = normalizeRoles(me.data?.roles ?? []);
  const admin = roles.includes('admin') || roles.includes('SuperAdmin');
  return (
    <Stack gap="lg">
      {/* Invitations from another organization wait here too, as on Account (decision 0049). */}
      <InvitationsSection quietOnError />
      {roles.includes('coach') ? <CoachDay /> : null}
      {roles.includes('parent') ? <ParentDay /> : null}
      {admin ? <AdminDay /> : null}
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return (
    // The words are the status; a label on the spinner (a span of no role) is not allowed (axe aria-prohibited-attr).
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

function CoachDay() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const teams = useCoachedTeams(me.data?.id ?? null);
  const active = teams.data ?? [];
  return (
    <Block title={t('shell.day.coach.title')}>
      {teams.isPending ? <Loading label={t('shell.day.loading')} /> : null}
      {teams.isError ? <Text size="sm">{errorMessage(teams.error, t('shell.day.failed'))}</Text> : null}
      {teams.data && active.length === 0 ? <Text size="sm">{t('shell.day.coach.noTeam')}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {active.map((team) => (
          <TeamDay key={team.id} team={team} />
        ))}
      </SimpleGrid>
    </Block>
  );
}

/** A team's games today and its pitchers' answer for today, as Pitcher Status gives it. */
function TeamDay({ team }: { team: CoachedTeam }) {
  const t = useT();
  const status = usePitcherStatus(team.id, null);
  // The league's today, as the server counts it (the reader's clock may sit on another day).
  const today = status.data?.asOf ?? null;
  // That day's games only (the list leaves withdrawn ones out unless asked).
  const games = useGamesOn(team.id, today);
  const todays = games.data ?? [];
  const pitchers = status.data?.pitchers ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={teamLabel(team)}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {teamLabel(team)}
        </Title>
        {status.isPending || (today !== null && games.isPending) ? <Loading label={t('shell.day.loading')} /> : null}
        {status.isError ? <Text size="sm">{errorMessage(status.error, t('shell.day.failed'))}</Text> : null}
        {today && games.data ? (
          <>
            <Title order={4} size="h5">
              {t('shell.day.coach.games', { date: t.day(today, 'weekdayShort') })}
            </Title>
            {todays.length === 0 ? (
              <Text size="sm">{t('shell.day.coach.noGames')}</Text>
            ) : (
              <Stack
                gap={4}
                component="ul"
                aria-label={t('shell.day.coach.games', { date: t.day(today, 'weekdayShort') })}
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {todays.map((game) => (
                  <Group component="li" key={game.id} gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm">
                      {opponentOf(t, game, team.id).label}
                      {game.startTime ? ` · ${t.clock(game.startTime)}` : ''} · {gameStateLabel(t, game.state)}
                    </Text>
                    <Anchor component={Link} to={`/tracker?team=${team.id}&game=${game.id}`} size="sm">
                      {t('shell.day.coach.openGame')}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            )}
          </>
        ) : null}
        {status.data ? (
          <>
            <Title order={4} size="h5">
              {t('shell.day.coach.whoMayPitch')}
            </Title>
            {pitchers.length === 0 ? <Text size="sm">{t('shell.day.coach.noPlayers')}</Text> : null}
            <Stack
              gap={6}
              component="ul"
              aria-label={t('shell.day.coach.whoMayPitch')}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {pitchers.map((pitcher) => (
                // One row each: a long name wraps beside its answer rather than pushing the answer below it.
                <Group
                  component="li"
                  key={pitcher.playerId}
                  gap="xs"
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                >
                  <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                    {pitcherName(pitcher)}
                  </Text>
                  <TodayCell pitcher={pitcher} />
                </Group>
              ))}
            </Stack>
            <Anchor component={Link} to="/status" size="sm">
              {t('shell.day.coach.statusLink')}
            </Anchor>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function ParentDay() {
  const t = useT();
  const children = useMyChildren();
  return (
    <Block title={t('shell.day.parent.title')}>
      {children.isPending ? <Loading label={t('shell.day.loading')} /> : null}
      {children.isError ? <Text size="sm">{errorMessage(children.error, t('shell.day.failed'))}</Text> : null}
      {children.data?.length === 0 ? <Text size="sm">{t('status.children.noChild')}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {children.data?.map((child) => {
          const name = `${child.firstName} ${child.lastName}`;
          return (
            <Card key={child.id} withBorder padding="md" component="section" aria-label={name}>
              <Stack gap={6}>
                <Title order={3} size="h4">
                  {name}
                </Title>
                <ChildStatus playerId={child.id} name={name} firstName={child.firstName} birthDate={child.birthDate} />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Anchor component={Link} to="/parent/players" size="sm">
        {t('shell.day.parent.link')}
      </Anchor>
    </Block>
  );
}

function AdminDay() {
  const t = useT();
  const { organization, season, seasons } = usePageSelection();
  const leagues = useQuery(leagueOptionsQueryOptions);
  const ready = organization !== null && !seasons.isPending;
  const orgLeagues = (leagues.data ?? []).filter((league) => league.organizationId === organization?.id);
  // The counts not yet agreed (Game Counts' default view), league by league.
  const counts = useQueries({
    queries: ready
      ? orgLeagues.map((league) =>
          officialCountsQueryOptions({
            leagueId: league.id,
            seasonId: season?.id ?? null,
            statuses: ['unconfirmed', 'disputed'],
          }),
        )
      : [],
  });
  const violations = useViolations(
    ready && organization
      ? {
          organizationId: organization.id,
          leagueId: null,
          seasonId: season?.id ?? null,
          teamId: null,
          code: null,
          state: 'open',
          includeWithdrawn: false,
        }
      : null,
  );
  if (!organization) return null;
  const open = violations.data ?? [];
  return (
    <Block title={t('shell.day.admin.title', { organization: organization.name })}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md" component="section" aria-label={t('shell.day.admin.counts')}>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('shell.day.admin.counts')}
            </Title>
            {leagues.isPending || !ready || counts.some((count) => count.isPending) ? (
              <Loading label={t('shell.day.loading')} />
            ) : null}
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {orgLeagues.map((league, index) => {
                const list = counts[index]?.data;
                if (!list) return null;
                const disputed = list.filter((count) => count.status === 'disputed').length;
                return (
                  <Text component="li" size="sm" key={league.id}>
                    {t('shell.day.admin.countsOfLeague', {
                      league: league.name,
                      count: list.length,
                      disputed,
                    })}
                  </Text>
                );
              })}
            </Stack>
            <Anchor component={Link} to="/admin/game-counts" size="sm">
              {t('shell.day.admin.countsLink')}
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder padding="md" component="section" aria-label={t('shell.day.admin.violations')}>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('shell.day.admin.violations')}
            </Title>
            {violations.isPending && ready ? <Loading label={t('shell.day.loading')} /> : null}
            {violations.isError ? <Text size="sm">{errorMessage(violations.error, t('shell.day.failed'))}</Text> : null}
            {violations.data ? (
              <Text size="sm">{t('shell.day.admin.openViolations', { count: open.length })}</Text>
            ) : null}
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {open.slice(0, SHOWN).map((violation) => (
                <Text component="li" size="sm" key={violation.id}>
                  {formatDate(violation.date)} · {playerLabel(violation)} ({violation.teamName}) ·{' '}
                  {violationLabel(t, violation.code)}
                </Text>
              ))}
            </Stack>
            {open.length > SHOWN ? (
              <Text size="sm" c="dimmed">
                {t('shell.day.admin.more', { count: open.length - SHOWN })}
              </Text>
            ) : null}
            <Anchor component={Link} to="/admin/violations" size="sm">
              {t('shell.day.admin.violationsLink')}
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>
    </Block>
  );
}
