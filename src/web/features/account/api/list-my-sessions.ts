import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

export interface MySession {
  id: string;
  device: string | null;
  ipAddress: string | null;
  lastSeenAt: string | null;
  createdAt: string;
  current: boolean;
}

export const LIST_MY_SESSIONS = `query ListMySessions {
  listMySessions { items { id device ipAddress lastSeenAt createdAt current } nextToken }
}`;

export async function listMySessions(): Promise<MySession[]> {
  const data = await graphqlText<{ listMySessions: { items: MySession[]; nextToken: string | null } }>(
    LIST_MY_SESSIONS,
  );
  // Only the first page is read (docs/screens.md, Records, paged lists).
  return data.listMySessions.items;
}

export const mySessionsQueryOptions = queryOptions({ queryKey: ['mySessions'], queryFn: listMySessions });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions);
}
