import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp } from '../testing/harness.ts';

/**
 * The per-address sign-in limit counts the address the connection comes from; X-Forwarded-For is
 * believed only from the proxies BULLPEN_TRUST_PROXY names (docs/reliability.md, security requirement 4), so a client
 * cannot dodge the limit by writing a new address in each request.
 */
describe.each([
  ['no proxy is trusted', {}, 3],
  ['the proxy is trusted', { BULLPEN_TRUST_PROXY: '10.0.0.1' }, 5],
] as const)('sign-in limits per address when %s', (_label, env, allowed) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('embedded', { BULLPEN_SIGNIN_IP_LIMIT: '3', ...env });
  });
  afterAll(() => t.close());

  it(`lets ${allowed} of 5 attempts with a new forwarded address each through from one connection address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { res } = await signIn(
        t.app,
        `nobody${i}@example.com`,
        'wrong password',
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
        '10.0.0.1',
      );
      statuses.push(res.statusCode);
    }
    // Trusted, each forwarded address is a client of its own (one attempt each); untrusted, one client.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(allowed);
    if (allowed < 5) expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);
  });
});

/** An IPv6 client can take any address of its /64: the limit counts the /64 (client-network.ts). */
describe('sign-in limits per IPv6 network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('embedded', { BULLPEN_SIGNIN_IP_LIMIT: '3', BULLPEN_TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses a fourth attempt from a new address of the same /64, and lets another /64 in', async () => {
    const attempt = async (address: string) =>
      (await signIn(t.app, 'nobody@example.com', 'wrong password', { 'x-forwarded-for': address }, '10.0.0.1')).res
        .statusCode;
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await attempt(`2001:db8:a:b::${i}`));
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(await attempt('2001:db8:a:c::1')).not.toBe(429);
  });
});

/** The session list writes an IPv6 client's address short, as people know it (core/device.ts). */
describe.each(databaseKinds())('the address of an IPv6 session (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => t.close());

  it('shows 2001:db8::7, not every group in full', async () => {
    const user = await buildUser(t.db);
    const { cookie } = await signIn(t.app, user.email, user.password, { 'x-forwarded-for': '2001:db8::7' }, '10.0.0.1');
    const { data, errors } = await gql(t.app, '{ listMySessions { items { ipAddress current } } }', {}, cookie);
    expect(errors).toBeUndefined();
    const mine = data?.listMySessions as { items: { ipAddress: string | null; current: boolean }[] } | undefined;
    expect(mine?.items).toEqual([{ ipAddress: '2001:db8::7', current: true }]);
  });
});

/**
 * BULLPEN_TRUST_PROXY=1 (or true): one proxy in front, whatever its address (decision 0051). Its session shows the
 * client's address, the one the proxy wrote last in X-Forwarded-For; one the client wrote before it is not believed.
 */
describe.each(databaseKinds())('one proxy in front, BULLPEN_TRUST_PROXY=1 (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('sees the client’s address through the proxy, not the proxy’s nor one the client made up', async () => {
    const user = await buildUser(t.db);
    const through = { 'x-forwarded-for': '198.51.100.23' };
    const { cookie } = await signIn(t.app, user.email, user.password, through, '127.0.0.1');
    const forged = { 'x-forwarded-for': '203.0.113.66, 198.51.100.24' };
    await signIn(t.app, user.email, user.password, forged, '127.0.0.1');
    const { data, errors } = await gql(t.app, '{ listMySessions { items { ipAddress current } } }', {}, cookie);
    expect(errors).toBeUndefined();
    const mine = data?.listMySessions as { items: { ipAddress: string | null; current: boolean }[] } | undefined;
    expect(mine?.items.map((s) => s.ipAddress).sort()).toEqual(['198.51.100.23', '198.51.100.24']);
  });
});
