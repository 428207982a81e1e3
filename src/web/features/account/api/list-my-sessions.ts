import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const LIST_MY_SESSIONS = graphql(`
  query ListMySessions {
    listMySessions { items { id userAgent ipAddress lastSeenAt createdAt current } nextToken }
  }
`);

export type MySession = ResultOf<typeof LIST_MY_SESSIONS>['listMySessions']['items'][number];

export async function listMySessions(): Promise<MySession[]> {
  const data = await execute(LIST_MY_SESSIONS);
  // Only the first page is read (docs/screens.md, Records, paged lists).
  return data.listMySessions.items;
}

export const mySessionsQueryOptions = queryOptions({ queryKey: ['mySessions'], queryFn: listMySessions });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions);
}
