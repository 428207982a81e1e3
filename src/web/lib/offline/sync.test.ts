import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PitchEvent, tallyOf } from '../../../core/pitch-events.ts';
import { ApiError } from '../api.ts';
import { createMemoryStore } from './memory-store.ts';
import { createSync, type SubmitAnswer } from './sync.ts';
import type { NewTap } from './types.ts';

const GAME = '00000000-0000-4000-8000-000000000001';
const PITCHER = '00000000-0000-4000-8000-000000000002';
const TEAM = '00000000-0000-4000-8000-000000000003';

const tap = (kind: NewTap['kind'], userId = 'u1'): NewTap => ({
  userId,
  gameId: GAME,
  pitcherId: PITCHER,
  bookTeamId: TEAM,
  pitcherName: 'Ava Anderson',
  kind,
});

/**
 * A server like the real one (decision 0016): each id stored once, a repeat answered duplicate,
 * the count derived with tallyOf. `fault` decides each call's fate: fail before storing (no
 * connection), fail after storing (the answer is lost), or answer.
 */
function fakeServer(fault: () => 'before' | 'after' | 'none' = () => 'none') {
  const stored = new Map<string, PitchEvent>();
  const batches: PitchEvent[][] = [];
  const submit = async (events: PitchEvent[]): Promise<SubmitAnswer> => {
    batches.push(events);
    const fate = fault();
    if (fate === 'before') throw new TypeError('Failed to fetch');
    const results = events.map((e) => {
      if (stored.has(e.id)) return { id: e.id, status: 'duplicate' as const, message: null, said: null };
      stored.set(e.id, e);
      return { id: e.id, status: 'accepted' as const, message: null, said: null };
    });
    if (fate === 'after') throw new TypeError('Failed to fetch');
    const t = tallyOf([...stored.values()], 0);
    return {
      results,
      counts: [
        {
          gameId: GAME,
          pitcherId: PITCHER,
          pitcherName: 'Ava Anderson',
          bookTeamId: TEAM,
          bookTeamName: 'Tigers',
          official: true,
          pitches: t.pitches,
          intentionalWalks: t.intentionalWalks,
          pitchesBeforeLastBatter: t.pitchesBeforeLastBatter,
          batters: t.batters,
        },
      ],
    };
  };
  return { stored, batches, submit };
}

describe('the sync loop', () => {
  it('sends waiting taps in the device’s order, in batches of up to 100, and empties the queue once acknowledged', async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 250; i++) await store.record(tap(i % 2 ? 'ball' : 'strike'));
    const server = fakeServer();
    const sync = createSync({ store, submit: server.submit, currentUser: async () => 'u1' });
    await sync.syncNow();
    expect(server.batches.map((b) => b.length)).toEqual([100, 100, 50]);
    const seqs = server.batches.flat().map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await store.pendingCount('u1')).toBe(0);
    expect(server.stored.size).toBe(250);
    expect(sync.getState().phase).toBe('idle');
  });

  it('asks the server nothing while nothing waits, and who is signed in at each round that sends', async () => {
    const store = createMemoryStore();
    let asked = 0;
    const server = fakeServer();
    const sync = createSync({
      store,
      submit: server.submit,
      currentUser: async () => {
        asked++;
        return 'u1';
      },
    });
    await sync.syncNow();
    expect([asked, server.batches.length]).toEqual([0, 0]);
    await store.record(tap('ball'));
    await sync.syncNow();
    await store.record(tap('ball'));
    await sync.syncNow();
    expect([asked, server.batches.length]).toEqual([2, 2]);
  });

  it('without a connection keeps every tap, then sends them once the connection returns', async () => {
    const store = createMemoryStore();
    let online = false;
    const server = fakeServer(() => (online ? 'none' : 'before'));
    const sync = createSync({ store, submit: server.submit, currentUser: async () => 'u1' });
    await store.record(tap('ball'));
    await store.record(tap('strike'));
    await sync.syncNow();
    expect(sync.getState().phase).toBe('offline');
    expect(await store.pendingCount('u1')).toBe(2);
    online = true;
    await sync.syncNow();
    expect(await store.pendingCount('u1')).toBe(0);
    expect(server.stored.size).toBe(2);
  });

  it('a lost answer is sent again and answered duplicate: the count does not change', async () => {
    const store = createMemoryStore();
    const fates: ('after' | 'none')[] = ['after', 'none'];
    const server = fakeServer(() => fates.shift() ?? 'none');
    const sync = createSync({ store, submit: server.submit, currentUser: async () => 'u1' });
    await store.record(tap('ball'));
    await sync.syncNow();
    expect(await store.pendingCount('u1')).toBe(1); // stored on the server, but not acknowledged: kept
    await sync.syncNow();
    expect(await store.pendingCount('u1')).toBe(0);
    expect(server.stored.size).toBe(1);
    expect((await store.snapshot('u1', GAME)).counts?.[0]?.pitches).toBe(1);
  });

  it('lists refused taps with the server’s reason and never sends them again', async () => {
    const store = createMemoryStore();
    const kept = await store.record(tap('ball'));
    const refused = await store.record(tap('strike'));
    let calls = 0;
    const sync = createSync({
      store,
      currentUser: async () => 'u1',
      submit: async () => {
        calls++;
        return {
          results: [
            { id: kept?.id ?? '', status: 'accepted', message: null, said: null },
            { id: refused?.id ?? '', status: 'refused', message: 'You may no longer record this game', said: null },
          ],
          counts: [],
        };
      },
    });
    await sync.syncNow();
    await sync.syncNow();
    expect(calls).toBe(1);
    const snapshot = await store.snapshot('u1', GAME);
    expect(snapshot.pending).toBe(0);
    expect(snapshot.refused.map((t) => [t.event.kind, t.message])).toEqual([
      ['strike', 'You may no longer record this game'],
    ]);
  });

  it('a session that ended keeps the queue; the same user’s next session sends it, another user’s never does', async () => {
    const store = createMemoryStore();
    await store.record(tap('ball', 'u1'));
    await store.record(tap('strike', 'u1'));
    let session: string | null = null;
    const server = fakeServer();
    const sync = createSync({
      store,
      submit: server.submit,
      currentUser: async () => {
        if (!session) throw new ApiError('The user is not authenticated', { code: 'UNAUTHENTICATED', status: 401 });
        return session;
      },
    });
    await sync.syncNow();
    expect(sync.getState().phase).toBe('signed-out');
    session = 'u2';
    await sync.syncNow();
    expect(server.stored.size).toBe(0);
    expect(await store.pendingCount('u1')).toBe(2);
    session = 'u1';
    await sync.syncNow();
    expect(server.stored.size).toBe(2);
    expect(await store.pendingCount('u1')).toBe(0);
  });

  it('stops on UNAUTHENTICATED from the submit itself, keeping the taps', async () => {
    const store = createMemoryStore();
    await store.record(tap('ball'));
    const sync = createSync({
      store,
      currentUser: async () => 'u1',
      submit: async () => {
        throw new ApiError('The user is not authenticated', { code: 'UNAUTHENTICATED' });
      },
    });
    await sync.syncNow();
    expect(sync.getState().phase).toBe('signed-out');
    expect(await store.pendingCount('u1')).toBe(1);
  });

  it('a batch refused whole as malformed is sent tap by tap: only the bad tap is listed', async () => {
    const store = createMemoryStore();
    const good = await store.record(tap('ball'));
    const bad = await store.record(tap('strike'));
    const server = fakeServer();
    const sync = createSync({
      store,
      currentUser: async () => 'u1',
      submit: async (events) => {
        if (events.some((e) => e.id === bad?.id)) throw new ApiError('Invalid tap', { code: 'BAD_USER_INPUT' });
        return server.submit(events);
      },
    });
    await sync.syncNow();
    const snapshot = await store.snapshot('u1', GAME);
    expect(server.stored.has(good?.id ?? '')).toBe(true);
    expect(snapshot.refused.map((t) => [t.id, t.message])).toEqual([[bad?.id, 'Invalid tap']]);
    expect(snapshot.pending).toBe(0);
  });

  it('a server error keeps the taps and says so; the next round sends them', async () => {
    const store = createMemoryStore();
    await store.record(tap('ball'));
    let down = true;
    const server = fakeServer();
    const sync = createSync({
      store,
      currentUser: async () => 'u1',
      submit: async (events) => {
        if (down) throw new ApiError('Service unavailable', { code: 'SERVICE_UNAVAILABLE', status: 503 });
        return server.submit(events);
      },
    });
    await sync.syncNow();
    expect(sync.getState()).toEqual({ phase: 'failed', message: 'Service unavailable' });
    expect(await store.pendingCount('u1')).toBe(1);
    down = false;
    await sync.syncNow();
    expect(await store.pendingCount('u1')).toBe(0);
  });

  it('a tap made while a batch is on its way is sent in the same round', async () => {
    const store = createMemoryStore();
    await store.record(tap('ball'));
    const server = fakeServer();
    let first = true;
    const sync = createSync({
      store,
      currentUser: async () => 'u1',
      submit: async (events) => {
        if (first) {
          first = false;
          await store.record(tap('strike'));
          void sync.syncNow(); // asked again meanwhile: joins the running round
        }
        return server.submit(events);
      },
    });
    await sync.syncNow();
    expect(server.stored.size).toBe(2);
    expect(await store.pendingCount('u1')).toBe(0);
  });

  it('under random taps, undos, lost answers and dropped connections, every tap arrives once and the counts agree', async () => {
    const kinds = ['ball', 'strike', 'foul', 'in_play', 'new_batter', 'intentional_walk', 'undo'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...kinds), fc.constant('sync' as const)), { minLength: 1, maxLength: 60 }),
        fc.array(fc.constantFrom('before' as const, 'after' as const, 'none' as const), { maxLength: 80 }),
        async (steps, fates) => {
          const store = createMemoryStore();
          const server = fakeServer(() => fates.shift() ?? 'none');
          const sync = createSync({ store, submit: server.submit, currentUser: async () => 'u1', batchSize: 7 });
          for (const step of steps) {
            if (step === 'sync') await sync.syncNow();
            else await store.record(tap(step));
          }
          // The connection comes back for good.
          fates.length = 0;
          await sync.syncNow();
          const local = store.all();
          expect(local.every((t) => t.state === 'sent')).toBe(true);
          expect(server.stored.size).toBe(local.length);
          const device = tallyOf(
            local.map((t) => t.event),
            0,
          );
          const counted = (await store.snapshot('u1', GAME)).counts?.[0];
          if (local.length > 0) {
            expect(counted).toMatchObject({
              pitches: device.pitches,
              batters: device.batters,
              intentionalWalks: device.intentionalWalks,
              pitchesBeforeLastBatter: device.pitchesBeforeLastBatter,
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
