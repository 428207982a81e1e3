import { request } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures.ts';

/**
 * Before the browser tests, on each server: the demo Majors league gives its games two weeks to be
 * confirmed (its deadline setting), not one day. The calendar holds (nothing is counted on a day not yet
 * come), so the tests play their games on the past days of the demo season; with a day's deadline those
 * games would settle by themselves (every 3 s here) while a test still counts them. The game-day test's
 * own settling plays a game three weeks back.
 */
export default async function globalSetup(config: { projects: { use: { baseURL?: string } }[] }) {
  const urls = [...new Set(config.projects.map((p) => p.use.baseURL).filter((u): u is string => !!u))];
  for (const baseURL of urls) {
    const api = await request.newContext({ baseURL });
    const signedIn = await api.post('/api/auth/sign-in/email', {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    if (!signedIn.ok()) throw new Error(`${baseURL}: the demo admin could not sign in (${signedIn.status()})`);
    const call = async <T>(query: string, variables: Record<string, unknown> = {}) => {
      const res = await api.post('/graphql', { data: { query, variables } });
      const body = (await res.json()) as { data?: T; errors?: unknown[] };
      if (body.errors) throw new Error(`${baseURL}: ${JSON.stringify(body.errors)}`);
      return body.data as T;
    };
    const { listLeagues } = await call<{ listLeagues: { items: { id: string; name: string; version: number }[] } }>(
      'query { listLeagues(limit: 100) { items { id name version } } }',
    );
    const majors = listLeagues.items.find((l) => l.name === 'Majors');
    if (!majors) throw new Error(`${baseURL}: the demo has no Majors league`);
    await call('mutation ($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }', {
      i: { id: majors.id, version: majors.version, countDeadlineDays: 14 },
    });
    await api.dispose();
  }
}
