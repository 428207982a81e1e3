import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { createMeService } from './me.service.ts';
import { createSessionsService, type SessionPolicy } from './sessions.service.ts';
import { type BackoffPolicy, createThrottleService } from './throttle.service.ts';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  backoff?: BackoffPolicy;
}

/** Every service, built once per app; transports (GraphQL, REST) call these and nothing below. */
export function createServices(deps: ServiceDeps) {
  return {
    sessions: createSessionsService({ db: deps.db, clock: deps.clock, policy: deps.sessionPolicy }),
    throttle: createThrottleService({ db: deps.db, clock: deps.clock, backoff: deps.backoff }),
    me: createMeService(),
  };
}

export type Services = ReturnType<typeof createServices>;
