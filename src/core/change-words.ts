/**
 * A change-history entry in plain words, as a game's or a player's page and the CSV show it:
 * "Jo Rivera changed Ivy Brown's count 63 → 58: “miscounted in the 4th”". The time is the page's
 * to write (in the reader's time zone); everything else is here, for the server and the browser.
 */

export interface ChangeFacts {
  entity: string;
  action: string;
  actorName: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The pitcher or player the entry is about, by name (a removed child's pseudonym). */
  playerName: string | null;
  /** The team a confirmation is for. */
  teamName: string | null;
}

const OUTING_FIELDS: Record<string, string> = {
  pitchesBeforeLastBatter: 'pitches before the last batter',
  pitchedInnings: 'innings pitched',
  caughtInnings: 'innings caught',
  outs: 'outs',
  intentionalWalks: 'intentional walks',
};

const GAME_FIELDS: Record<string, string> = {
  date: 'date',
  startTime: 'start time',
  homeTeamId: 'home team',
  awayTeamId: 'visiting team',
  opponentName: 'opponent',
};

const text = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? 'none'
    : Array.isArray(value)
      ? value.length
        ? value.join(', ')
        : 'none'
      : String(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** "date 2026-05-02 → 2026-05-03, start time none → 18:00" for the fields that differ. */
function changedFields(
  fields: Record<string, string>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return Object.entries(fields)
    .filter(([key]) => !same(before?.[key], after?.[key]))
    .map(([key, label]) => `${label} ${text(before?.[key])} → ${text(after?.[key])}`);
}

function possessive(name: string | null): string {
  if (!name) return 'the';
  return `${name}’s`;
}

function sentence(f: ChangeFacts): string {
  const who = f.actorName;
  const player = f.playerName ?? 'a player';
  const pitches = (o: Record<string, unknown> | null) => Number(o?.pitches ?? 0);
  switch (f.entity) {
    case 'outing': {
      if (f.action === 'baseline')
        return `${possessive(player)} outing was on record before the history began: ${pitches(f.after)} pitches`;
      if (!f.before) return `${who} recorded ${possessive(player)} outing: ${pitches(f.after)} pitches`;
      if (f.after?.deleted && !f.before.deleted)
        return `${who} deleted ${possessive(player)} outing (${pitches(f.before)} pitches)`;
      const parts: string[] = [];
      if (pitches(f.before) !== pitches(f.after)) parts.push(`count ${pitches(f.before)} → ${pitches(f.after)}`);
      parts.push(...changedFields(OUTING_FIELDS, f.before, f.after));
      if (!same(f.before.date, f.after?.date)) parts.push(`date ${text(f.before.date)} → ${text(f.after?.date)}`);
      if (f.action === 'counted live')
        return `${who}’s live count set ${possessive(player)} ${parts.join(', ') || 'outing'}`;
      if (f.action === 'settled') return `The league’s deadline set ${possessive(player)} ${parts.join(', ')}`;
      return `${who} changed ${possessive(player)} ${parts.join(', ') || 'outing'}`;
    }
    case 'game': {
      if (f.action === 'baseline') return `The game was on record before the history began (${text(f.after?.date)})`;
      if (!f.before) return `${who} scheduled the game for ${text(f.after?.date)}`;
      if (!f.after) return `${who} deleted the game`;
      if (f.after.withdrawn && !f.before.withdrawn) return `${who} withdrew the game`;
      if (f.after.settled && !f.before.settled) return 'The league’s deadline settled the counts';
      const moved = changedFields(GAME_FIELDS, f.before, f.after);
      if (moved.length) return `${who} moved the game: ${moved.join(', ')}`;
      if (!same(f.before.state, f.after.state)) {
        return f.after.state === 'final' && f.action === 'ended'
          ? 'The game ended: its counts are closed'
          : `${who} marked the game ${String(f.after.state).replace('_', ' ')}`;
      }
      return `${who} changed the game`;
    }
    case 'pitch-event':
      return `${who} counted ${text(f.after?.kind).replace('_', ' ')} for ${player}`;
    case 'confirmation':
      return f.action === 'baseline'
        ? `The confirmation for ${f.teamName ?? 'a team'} was on record before the history began`
        : `${who} confirmed the counts for ${f.teamName ?? 'a team'}`;
    case 'violation': {
      const message = text(f.after?.message ?? f.before?.message);
      if (f.action === 'baseline') return `A violation was on record before the history began: ${message}`;
      if (!f.before) return `Bullpen found a violation: ${message}`;
      if (f.after?.withdrawn && !f.before.withdrawn) return `The violation was withdrawn: ${message}`;
      if (!f.after?.withdrawn && f.before.withdrawn) return `The violation was found again: ${message}`;
      if (!same(f.before.state, f.after?.state))
        return `${who} marked the violation ${text(f.after?.state)}: ${message}`;
      return `The violation changed: ${message}`;
    }
    case 'rest-rule':
      if (!f.before) return `${who} added the rest rule ${text(f.after?.name)}`;
      if (!f.after) return `${who} deleted the rest rule ${text(f.before.name)}`;
      return `${who} changed the rest rule ${text(f.after.name)}`;
    case 'league':
      if (!f.before) return `${who} added the league ${text(f.after?.name)}`;
      if (!f.after) return `${who} deleted the league ${text(f.before.name)}`;
      if (!same(f.before.restRuleId, f.after.restRuleId)) return `${who} changed the league’s rest rule`;
      return `${who} changed the league’s settings`;
    default:
      return `${who} changed a ${f.entity}`;
  }
}

/** The entry in plain words, with its reason quoted. */
export function describeChange(f: ChangeFacts): string {
  const words = sentence(f);
  // A violation's reason is the change that withdrew it, already said by the outing's own entry; a
  // baseline's sentence already says it was on record before the history.
  return f.reason && f.entity !== 'violation' && f.action !== 'baseline' ? `${words}: “${f.reason}”` : words;
}
