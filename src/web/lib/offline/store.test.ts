import { describe, expect, it } from 'vitest';
import { translatorNow } from '../i18n.ts';
import { bookKey, mergeCounts, nextClock, undoTarget } from './logic.ts';
import { createMemoryStore } from './memory-store.ts';
import type { BookCount, NewTap } from './types.ts';

const GAME = '00000000-0000-4000-8000-000000000001';
const PITCHER = '00000000-0000-4000-8000-000000000002';
const TEAM = '00000000-0000-4000-8000-000000000003';
const OTHER = '00000000-0000-4000-8000-000000000004';

const tap = (kind: NewTap['kind'], userId = 'u1'): NewTap => ({
  userId,
  gameId: GAME,
  pitcherId: PITCHER,
  bookTeamId: TEAM,
  pitcherName: 'Ava Anderson',
  kind,
});

const count = (bookTeamId: string, pitches: number): BookCount => ({
  gameId: GAME,
  pitcherId: PITCHER,
  pitcherName: 'Ava Anderson',
  bookTeamId,
  bookTeamName: bookTeamId === TEAM ? 'Tigers' : 'Lions',
  official: bookTeamId === TEAM,
  pitches,
  intentionalWalks: 0,
  pitchesBeforeLastBatter: null,
  batters: 0,
});

describe('the device clock', () => {
  it('keeps one device id, counts seq up from 1 and never goes back in time', () => {
    let ids = 0;
    const newId = () => `device-${++ids}`;
    const first = nextClock(undefined, 1000, newId);
    expect(first).toEqual({ deviceId: 'device-1', seq: 1, at: 1000 });
    const second = nextClock(first, 900, newId); // the phone's clock was set back
    expect(second).toEqual({ deviceId: 'device-1', seq: 2, at: 1000 });
    expect(nextClock(second, 2000, newId)).toEqual({ deviceId: 'device-1', seq: 3, at: 2000 });
  });
});

describe('the memory store', () => {
  it('stores each tap first, with its own id, the device, an increasing seq and a time never going back', async () => {
    const store = createMemoryStore();
    const a = await store.record(tap('ball'), 5000);
    const b = await store.record(tap('strike'), 4000);
    expect(a?.event).toMatchObject({ seq: 1, kind: 'ball', at: new Date(5000).toISOString() });
    expect(b?.event).toMatchObject({ seq: 2, kind: 'strike', at: new Date(5000).toISOString() });
    expect(a?.event.deviceId).toBe(b?.event.deviceId);
    expect(a?.id).not.toBe(b?.id);
    expect(await store.pendingCount('u1')).toBe(2);
    expect((await store.pending('u1', 1)).map((t) => t.event.kind)).toEqual(['ball']);
    // Another user's queue is apart.
    expect(await store.pendingCount('u2')).toBe(0);
  });

  it('refuses to store a malformed tap rather than block the queue with it', async () => {
    const store = createMemoryStore();
    const refused = await store.record({ ...tap('ball'), gameId: 'not-a-uuid' }).catch((error: Error) => error);
    // The error says it by id, as the core's checks do: a page shows it with t.said.
    expect(translatorNow().said((refused as Error).message)).toBe('Ids are UUIDs');
    expect(await store.pendingCount('u1')).toBe(0);
  });

  it('undo takes back the last tap of the book not yet taken back, then the one before', async () => {
    const store = createMemoryStore();
    const ball = await store.record(tap('ball'));
    const strike = await store.record(tap('strike'));
    await store.record({ ...tap('foul'), bookTeamId: OTHER }); // another book
    const first = await store.record(tap('undo'));
    expect(first?.event.undoes).toBe(strike?.id);
    await store.settle('u1', { sent: [ball?.id ?? '', strike?.id ?? ''], refused: [], counts: [] });
    const second = await store.record(tap('undo'));
    expect(second?.event.undoes).toBe(ball?.id); // sent taps can be undone too
    expect(await store.record(tap('undo'))).toBeNull(); // nothing left
  });

  it('settles an answer at once: taps leave the queue, refused ones are listed, counts are kept', async () => {
    const store = createMemoryStore();
    const a = await store.record(tap('ball'));
    const b = await store.record(tap('strike'));
    await store.settle('u1', {
      sent: [a?.id ?? ''],
      refused: [{ id: b?.id ?? '', message: 'Spring 2027 is archived: its games are read-only.' }],
      counts: [count(TEAM, 1)],
    });
    const snapshot = await store.snapshot('u1', GAME);
    expect(snapshot.pending).toBe(0);
    expect(snapshot.refused).toHaveLength(1);
    expect(snapshot.refused[0]?.message).toBe('Spring 2027 is archived: its games are read-only.');
    expect(snapshot.counts).toEqual([count(TEAM, 1)]);
    expect(snapshot.taps.map((t) => t.state)).toEqual(['sent', 'refused']);
  });

  it('keeps a waiting book’s count until the answer to its taps (a tap in flight is never counted twice)', async () => {
    const store = createMemoryStore();
    await store.putCounts('u1', GAME, [count(TEAM, 3), count(OTHER, 3)], true);
    await store.record(tap('ball'));
    // The server already has the waiting ball (sent, answer not back yet): its count says 4.
    await store.putCounts('u1', GAME, [count(TEAM, 4)], false);
    await store.putCounts('u1', GAME, [count(TEAM, 4), count(OTHER, 5)], true);
    expect((await store.snapshot('u1', GAME)).counts).toEqual([count(OTHER, 5), count(TEAM, 3)]);
  });

  it('signing out forgets cached answers and sent taps but keeps what waits and what was refused', async () => {
    const store = createMemoryStore();
    const sent = await store.record(tap('ball'));
    const refused = await store.record(tap('strike'));
    await store.record(tap('foul'));
    await store.settle('u1', {
      sent: [sent?.id ?? ''],
      refused: [{ id: refused?.id ?? '', message: 'No' }],
      counts: [],
    });
    await store.writeCache('u1', 'roster:t1', [{ id: 'p1' }]);
    await store.writeCache('u2', 'roster:t1', [{ id: 'p2' }]);
    await store.forgetUser('u1');
    expect(await store.readCache('u1', 'roster:t1')).toBeUndefined();
    expect(await store.readCache('u2', 'roster:t1')).toEqual([{ id: 'p2' }]);
    expect(store.all().map((t) => t.state)).toEqual(['refused', 'pending']);
  });

  it('prunes only acknowledged taps older than the limit', async () => {
    const store = createMemoryStore();
    const old = await store.record(tap('ball'), 1000);
    await store.record(tap('strike'), 1000);
    await store.settle('u1', { sent: [old?.id ?? ''], refused: [], counts: [] });
    await store.prune(2000);
    expect(store.all().map((t) => t.event.kind)).toEqual(['strike']);
  });
});

describe('mergeCounts and undoTarget', () => {
  it('a whole answer replaces the game’s books, except those with taps waiting', () => {
    const kept = [count(TEAM, 3), count(OTHER, 2)];
    expect(mergeCounts(kept, [count(OTHER, 4)], true, new Set())).toEqual([count(OTHER, 4)]);
    expect(mergeCounts(kept, [count(TEAM, 9), count(OTHER, 4)], true, new Set([bookKey(count(TEAM, 0))]))).toEqual([
      count(OTHER, 4),
      count(TEAM, 3),
    ]);
  });

  it('undoTarget skips refused taps', async () => {
    const store = createMemoryStore();
    const ball = await store.record(tap('ball'));
    const strike = await store.record(tap('strike'));
    await store.settle('u1', { sent: [], refused: [{ id: strike?.id ?? '', message: 'No' }], counts: [] });
    expect(undoTarget(store.all(), { gameId: GAME, pitcherId: PITCHER, bookTeamId: TEAM })?.id).toBe(ball?.id);
  });
});
