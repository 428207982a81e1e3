import type { MessageId } from './i18n/messages.ts';
import type { Translate } from './i18n/translator.ts';

/**
 * A change-history entry in plain words, as a game's or a player's page and the CSV show it:
 * "Jo Rivera changed Ivy Brown's count 63 → 58: “miscounted in the 4th”". The time is the page's
 * to write (in the reader's time zone); everything else is here, for the server and the browser,
 * in the language of `t` (the shell catalogue's `shell.change.*` messages).
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

const OUTING_FIELDS: Record<string, MessageId> = {
  pitchesBeforeLastBatter: 'shell.change.field.pitchesBeforeLastBatter',
  pitchedInnings: 'shell.change.field.pitchedInnings',
  caughtInnings: 'shell.change.field.caughtInnings',
  outs: 'shell.change.field.outs',
  intentionalWalks: 'shell.change.field.intentionalWalks',
};

const GAME_FIELDS: Record<string, MessageId> = {
  date: 'shell.change.field.date',
  startTime: 'shell.change.field.startTime',
  homeTeamId: 'shell.change.field.homeTeam',
  awayTeamId: 'shell.change.field.awayTeam',
  opponentName: 'shell.change.field.opponent',
};

const PLAYER_FIELDS: Record<string, MessageId> = {
  firstName: 'shell.change.field.firstName',
  lastName: 'shell.change.field.lastName',
  birthDate: 'shell.change.field.birthDate',
  jerseyNumber: 'shell.change.field.jersey',
};

const text = (t: Translate, value: unknown): string =>
  value === null || value === undefined || value === ''
    ? t('shell.change.none')
    : Array.isArray(value)
      ? value.length
        ? value.join(', ')
        : t('shell.change.none')
      : String(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** "date 2026-05-02 → 2026-05-03" */
const fieldChange = (t: Translate, field: MessageId, before: unknown, after: unknown) =>
  t('shell.change.fieldChange', { field: t(field), before: text(t, before), after: text(t, after) });

/** "date 2026-05-02 → 2026-05-03, start time none → 18:00" for the fields that differ. */
function changedFields(
  t: Translate,
  fields: Record<string, MessageId>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return Object.entries(fields)
    .filter(([key]) => !same(before?.[key], after?.[key]))
    .map(([key, field]) => fieldChange(t, field, before?.[key], after?.[key]));
}

function sentence(f: ChangeFacts, t: Translate): string {
  const who = f.actorName;
  const player = f.playerName ?? t('shell.change.aPlayer');
  const team = f.teamName ?? t('shell.change.aTeam');
  const pitches = (o: Record<string, unknown> | null) => Number(o?.pitches ?? 0);
  switch (f.entity) {
    case 'outing': {
      if (f.action === 'baseline') return t('shell.change.outing.baseline', { player, pitches: pitches(f.after) });
      if (!f.before) return t('shell.change.outing.recorded', { who, player, pitches: pitches(f.after) });
      if (f.after?.deleted && !f.before.deleted)
        return t('shell.change.outing.deleted', { who, player, pitches: pitches(f.before) });
      const parts: string[] = [];
      if (pitches(f.before) !== pitches(f.after))
        parts.push(fieldChange(t, 'shell.change.field.count', pitches(f.before), pitches(f.after)));
      parts.push(...changedFields(t, OUTING_FIELDS, f.before, f.after));
      if (!same(f.before.date, f.after?.date))
        parts.push(fieldChange(t, 'shell.change.field.date', f.before.date, f.after?.date));
      const changes = parts.join(', ');
      if (f.action === 'counted live')
        return changes
          ? t('shell.change.outing.countedLive', { who, player, changes })
          : t('shell.change.outing.countedLiveNothing', { who, player });
      if (f.action === 'settled') return t('shell.change.outing.settled', { player, changes });
      return changes
        ? t('shell.change.outing.changed', { who, player, changes })
        : t('shell.change.outing.changedNothing', { who, player });
    }
    case 'game': {
      if (f.action === 'baseline') return t('shell.change.game.baseline', { date: text(t, f.after?.date) });
      if (!f.before) return t('shell.change.game.scheduled', { who, date: text(t, f.after?.date) });
      if (!f.after) return t('shell.change.game.deleted', { who });
      if (f.after.withdrawn && !f.before.withdrawn) return t('shell.change.game.withdrawn', { who });
      if (f.after.officialSigned && f.action === 'signed by the official') {
        return t('shell.change.game.officialSigned', { who });
      }
      // The deadline settles as Bullpen itself; an official settles a dispute under their own name.
      if (f.after.settled && !f.before.settled) {
        return who === 'Bullpen' ? t('shell.change.game.settled') : t('shell.change.game.settledBy', { who });
      }
      const moved = changedFields(t, GAME_FIELDS, f.before, f.after);
      if (moved.length) return t('shell.change.game.moved', { who, changes: moved.join(', ') });
      if (!same(f.before.state, f.after.state)) {
        return f.after.state === 'final' && f.action === 'ended'
          ? t('shell.change.game.ended')
          : t('shell.change.game.marked', { who, state: String(f.after.state) });
      }
      return t('shell.change.game.changed', { who });
    }
    case 'pitch-event':
      return t('shell.change.tap', { who, player, kind: text(t, f.after?.kind) });
    case 'confirmation':
      return f.action === 'baseline'
        ? t('shell.change.confirmation.baseline', { team })
        : t('shell.change.confirmation.confirmed', { who, team });
    case 'violation': {
      // The engine's sentence, or its message (id and values) where the record keeps one.
      const message = t.said(text(t, f.after?.message ?? f.before?.message));
      if (f.action === 'baseline') return t('shell.change.violation.baseline', { message });
      if (!f.before) return t('shell.change.violation.found', { message });
      if (f.after?.withdrawn && !f.before.withdrawn) return t('shell.change.violation.withdrawn', { message });
      if (!f.after?.withdrawn && f.before.withdrawn) return t('shell.change.violation.foundAgain', { message });
      if (!same(f.before.state, f.after?.state))
        return t('shell.change.violation.marked', { who, state: text(t, f.after?.state), message });
      return t('shell.change.violation.changed', { message });
    }
    case 'rest-rule':
      if (!f.before) return t('shell.change.restRule.added', { who, name: text(t, f.after?.name) });
      if (!f.after) return t('shell.change.restRule.deleted', { who, name: text(t, f.before.name) });
      return t('shell.change.restRule.changed', { who, name: text(t, f.after.name) });
    case 'pitcher-choice': {
      // The rules that held the pitcher out, in the reader's language (the engine's messages by id).
      const held = f.after?.reasons ?? f.before?.reasons;
      const list = Array.isArray(held) ? (held as { said?: { id: string; values?: Record<string, string> } }[]) : [];
      const reasons = list.flatMap((r) => (r.said ? [t.said(r.said)] : [])).join(' ');
      return f.action === 'baseline'
        ? t('shell.change.pitcherChoice.baseline', { player, reasons })
        : t('shell.change.pitcherChoice.chosen', { who, player, reasons });
    }
    case 'league':
      if (!f.before) return t('shell.change.league.added', { who, name: text(t, f.after?.name) });
      if (!f.after) return t('shell.change.league.deleted', { who, name: text(t, f.before.name) });
      if (!same(f.before.restRuleId, f.after.restRuleId)) return t('shell.change.league.restRule', { who });
      return t('shell.change.league.settings', { who });
    case 'player':
      // A removal rewrote the entries that named the child (docs/decisions/0048-an-erasable-history.md).
      return t('shell.change.player.erased', { who, player });
    case 'player-record': {
      // Who the child is: names, birth date (the age the rules read) and jersey, old and new.
      if (f.action === 'baseline') return t('shell.change.playerRecord.baseline', { player });
      if (!f.before) return t('shell.change.playerRecord.added', { who, player });
      if (!f.after) return t('shell.change.playerRecord.removed', { who, player });
      const changes = changedFields(t, PLAYER_FIELDS, f.before, f.after).join(', ');
      return changes
        ? t('shell.change.playerRecord.changed', { who, player, changes })
        : t('shell.change.playerRecord.changedNothing', { who, player });
    }
    default:
      return t('shell.change.other', { who, entity: f.entity });
  }
}

/** The entry in plain words in the language of `t`, with its reason quoted. */
export function describeChange(f: ChangeFacts, t: Translate): string {
  const words = sentence(f, t);
  // A violation's reason is the change that withdrew it, already said by the outing's own entry; a
  // baseline's sentence already says it was on record before the history.
  return f.reason && f.entity !== 'violation' && f.action !== 'baseline'
    ? t('shell.change.withReason', { words, reason: t.said(f.reason) })
    : words;
}
