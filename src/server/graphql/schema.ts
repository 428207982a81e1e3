import { builder } from './builder.ts';
import './me.graphql.ts';
import './sessions.graphql.ts';
import './invitations.graphql.ts';
import './organizations.graphql.ts';
import './rest-rules.graphql.ts';
import './leagues.graphql.ts';
import './users.graphql.ts';
import './seasons.graphql.ts';
import './teams.graphql.ts';
import './players.graphql.ts';
import './games.graphql.ts';
import './outings.graphql.ts';
import './status.graphql.ts';
import './violations.graphql.ts';
import './pitch-events.graphql.ts';
import './pitcher-choices.graphql.ts';
import './outside-outings.graphql.ts';
import './reports.graphql.ts';
import './official-count.graphql.ts';
import './officials.graphql.ts';
import './change-history.graphql.ts';
import './plate-card.graphql.ts';

/** The whole GraphQL schema; each *.graphql.ts file adds its fields to the builder. */
export const schema = builder.toSchema({ sortSchema: true });
