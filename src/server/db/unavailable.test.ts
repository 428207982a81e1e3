import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import '../i18n.ts';
import { DatabaseBrokenError, unavailableError, unavailableReason } from './unavailable.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('unavailableReason', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['admin shutdown (pg_ctl stop -m fast)', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['connection failure', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['closed embedded database', new Error('PGlite is closed')],
    ['a broken embedded database', new DatabaseBrokenError(pgError('XX000'))],
  ])('%s is DATABASE_UNAVAILABLE', (_name, error) => {
    expect(unavailableReason(error)).toBe('DATABASE_UNAVAILABLE');
  });

  it.each([
    ['SQLSTATE 53100', pgError('53100', 'could not extend file "base/5/16385": No space left on device')],
    ['ENOSPC', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
    ['a PANIC for want of space', new DatabaseBrokenError(pgError('53100', 'could not write to file "pg_wal/x"'))],
  ])('%s is DISK_FULL', (_name, error) => {
    expect(unavailableReason(error)).toBe('DISK_FULL');
  });

  it('looks through wrappers: Drizzle’s cause, GraphQL’s originalError, a connect’s AggregateError', () => {
    const drizzle = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(unavailableReason(drizzle)).toBe('DATABASE_UNAVAILABLE');
    const graphql = new GraphQLError('wrapped', { originalError: drizzle });
    expect(unavailableReason(graphql)).toBe('DATABASE_UNAVAILABLE');
    const aggregate = new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], 'connect');
    expect(unavailableReason(aggregate)).toBe('DATABASE_UNAVAILABLE');
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a NUL in text', pgError('22021')],
    ['a syntax error', pgError('42601')],
    ['a plain error', new Error('boom')],
    ['an app error', new AppError('NOT_FOUND', 'Game not found')],
    ['not an error', 'a string'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(unavailableReason(error)).toBeNull();
  });

  it('does not loop on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(unavailableReason(a)).toBeNull();
  });
});

describe('unavailableError', () => {
  it('is the catalogue’s SERVICE_UNAVAILABLE with the reason and its message', () => {
    const error = unavailableError(pgError('53100'));
    expect(error?.code).toBe('SERVICE_UNAVAILABLE');
    expect(error?.details).toEqual({ reason: 'DISK_FULL' });
    expect(error?.message).toBe(
      'The server is out of disk space, so it cannot save changes right now. Please try again later.',
    );
    expect(error?.said).toEqual({ id: 'errors.unavailable.diskFull' });
    expect(unavailableError(new Error('Connection terminated'))?.message).toMatch(/database is unavailable/);
    expect(unavailableError(new AppError('CONFLICT', 'x'))).toBeNull();
  });
});
