// The busiest hour of one organization (docs/performance.md): 60 games at once, both dugouts tapping (120 devices,
// a batch of 3 taps every 2 s each: 60 batches a second), while a coach of the same organization asks for
// pitcherStatus at 200 a second. Every tap must be counted once.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { scaleId } from '../src/server/db/scale-seed.ts';
import { graphql, type Paced, paced, signIn } from './measure.ts';

const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }';
const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) {
  results { id status } counts { pitcherId bookTeamId official pitches } } }`;
const STATUS = `query($t: ID) { pitcherStatus(teamId: $t) { asOf pitchers { playerId today { canPitch remainingToday
  nextEligibleDate } days { date canPitch remaining } recentOutings { date count daysRest } workload { date count } } } }`;

/** Games at once, and the leagues of eight teams that hold them (four games each). */
export const BUSY_GAMES = 60;
export const BUSY_LEAGUES = BUSY_GAMES / 4;
const BATCH = 3;
const KINDS = ['ball', 'strike', 'foul'] as const;

interface Device {
  cookie: string;
  deviceId: string;
  gameId: string;
  teamId: string;
  pitcherId: string;
  seq: number;
  /** The taps this device sent, each counted once by the book (ball, strike, foul). */
  taps: number;
  last: Record<string, unknown> | null;
}

export interface BusyHour {
  taps: Paced & { p99s: number[] };
  status: Paced & { p99s: number[] };
  sent: number;
  counted: number;
}

const submitAnswer = z.object({
  submitPitchEvents: z.object({
    results: z.array(z.object({ id: z.string(), status: z.string() })),
    counts: z.array(
      z.object({ pitcherId: z.string(), bookTeamId: z.string(), official: z.boolean(), pitches: z.number() }),
    ),
  }),
});

/**
 * Schedules 60 games today in the first organization's first 15 leagues (seed-scale with 15 leagues an
 * organization), signs in each team's coach as a device, and measures three rounds of taps at 60 batches a second
 * with pitcherStatus at 200 a second beside them; then asks each book its count.
 */
export async function busyHour({
  base,
  tag,
  password,
  today,
  seconds,
  log,
}: {
  base: string;
  tag: string;
  password: string;
  today: string;
  seconds: number;
  log: (line: string) => void;
}): Promise<BusyHour> {
  const devices: Device[] = [];
  for (let league = 1; league <= BUSY_LEAGUES; league++) {
    const admin = await signIn(base, `league-admin.${league}.${tag}@scale.example`, password);
    for (let k = 0; k < 4; k++) {
      const [home, away] = [2 * k, 2 * k + 1];
      const game = await graphql(
        base,
        admin,
        CREATE_GAME,
        {
          i: { date: today, homeTeamId: scaleId(tag, 't', league, home), awayTeamId: scaleId(tag, 't', league, away) },
        },
        z.object({ createGame: z.object({ id: z.string() }) }),
      );
      for (const team of [home, away]) {
        devices.push({
          cookie: await signIn(base, `coach.${league}.${team}.${tag}@scale.example`, password),
          deviceId: randomUUID(),
          gameId: game.createGame.id,
          teamId: scaleId(tag, 't', league, team),
          // The team's last player: the seed's pitchers are its first three of each day.
          pitcherId: scaleId(tag, 'p', league, team, 11),
          seq: 0,
          taps: 0,
          last: null,
        });
      }
    }
  }
  log(`busy hour: ${BUSY_GAMES} games today, ${devices.length} devices signed in`);
  const batchOf = (device: Device) => {
    const events = Array.from({ length: BATCH }, (_, j) => ({
      id: randomUUID(),
      gameId: device.gameId,
      pitcherId: device.pitcherId,
      bookTeamId: device.teamId,
      deviceId: device.deviceId,
      seq: ++device.seq,
      at: new Date().toISOString(),
      kind: KINDS[(device.seq + j) % KINDS.length],
    }));
    device.taps += events.length;
    device.last = events.at(-1) ?? null;
    return JSON.stringify({ query: SUBMIT, variables: { i: { events } } });
  };
  const allAccepted = (status: number | undefined, body: string) =>
    status === 200 && !body.includes('"errors"') && !/"status":"(refused|duplicate)"/.test(body);
  // Warm-up, not measured: each device's first batch starts its pitcher's outing.
  for (const device of devices) {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: device.cookie },
      body: batchOf(device),
    });
    const body = await res.text();
    if (!allAccepted(res.status, body)) throw new Error(`busy hour: a first batch was refused: ${body.slice(0, 300)}`);
  }
  const statusBody = JSON.stringify({ query: STATUS, variables: { t: devices[0]?.teamId } });
  const statusCookie = devices[0]?.cookie ?? '';
  const rounds: { taps: Paced; status: Paced }[] = [];
  for (let round = 0; round < 3; round++) {
    const [taps, status] = await Promise.all([
      paced({
        base,
        rate: devices.length / 2,
        seconds,
        request: (i) => {
          const device = devices[i % devices.length] as Device;
          return {
            path: '/graphql',
            body: batchOf(device),
            headers: { 'content-type': 'application/json', cookie: device.cookie },
          };
        },
        ok: allAccepted,
      }),
      paced({
        base,
        rate: 200,
        seconds,
        request: () => ({
          path: '/graphql',
          body: statusBody,
          headers: { 'content-type': 'application/json', cookie: statusCookie },
        }),
        ok: (code, body) => code === 200 && !body.includes('"errors"'),
      }),
    ]);
    log(
      `busy hour round ${round + 1}: taps ${Math.round(taps.achieved)} batches/s p50 ${taps.p50} ms p99 ${taps.p99} ms ` +
        `(${taps.failures} failed); pitcherStatus ${Math.round(status.achieved)}/s p50 ${status.p50} ms p99 ${status.p99} ms`,
    );
    rounds.push({ taps, status });
  }
  // Every book's count now: each device sends its last tap again (a duplicate), and the answer carries the count.
  let sent = 0;
  let counted = 0;
  for (const device of devices) {
    const again = await graphql(base, device.cookie, SUBMIT, { i: { events: [device.last] } }, submitAnswer);
    const book = again.submitPitchEvents.counts.find((c) => c.bookTeamId === device.teamId);
    sent += device.taps;
    counted += book?.pitches ?? 0;
  }
  log(`busy hour: ${sent} taps sent, ${counted} counted`);
  const medianRun = (runs: Paced[]) => {
    const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
    return {
      ...(sorted[1] as Paced),
      p99s: runs.map((r) => r.p99),
      failures: runs.reduce((n, r) => n + r.failures, 0),
    };
  };
  return {
    taps: medianRun(rounds.map((r) => r.taps)),
    status: medianRun(rounds.map((r) => r.status)),
    sent,
    counted,
  };
}
