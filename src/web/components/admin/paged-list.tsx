import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useT } from '../../lib/i18n.ts';

/** The paged query of a long list (Users, Players), as TanStack Query's useInfiniteQuery answers it. */
export interface PagedQuery {
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A long list's search field, spinning while the server searches (not while it loads more). */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
  query,
  width,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  query: PagedQuery;
  width: number;
}) {
  return (
    <TextInput
      label={label}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={query.isFetching && !query.isFetchingNextPage ? <Loader size="xs" /> : null}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** What a long list counts: 'users' ('12 users shown') or 'players'. */
export type ListedNoun = 'users' | 'players';

const SHOWN = { users: 'admin.pagedList.usersShown', players: 'admin.pagedList.playersShown' } as const;

/**
 * Under a long list: Load more while the server has more, and how many rows are shown (a live status).
 * `noun` is what is counted.
 */
export function MoreRows({ query, shown, noun }: { query: PagedQuery; shown: number; noun: ListedNoun }) {
  const t = useT();
  const more = query.hasNextPage ? 'yes' : 'no';
  return (
    <Group gap="sm">
      {query.hasNextPage ? (
        <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('admin.pagedList.loadMore')}
        </Button>
      ) : null}
      <Text size="sm" c="dimmed" role="status">
        {t(SHOWN[noun], { shown, more })}
      </Text>
    </Group>
  );
}
