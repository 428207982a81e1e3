import { type Message, readMessage } from '../../core/i18n/messages.ts';
import { builder } from './builder.ts';

/**
 * A sentence the core or the server wrote, by id and values (docs/i18n.md): a field that carries one
 * in English (a pitcher's reason, a violation, a refused tap's reason) has this beside it, named
 * `said` (or `reasonSaid`...), for a page to show it in its reader's language; the English stays
 * for API clients.
 */
builder.scalarType('MessageValues', {
  description: "A message's values by the names of its placeholders, as a JSON object of texts and numbers",
  serialize: (values) => values,
  parseValue: () => {
    throw new TypeError('MessageValues are answered, never sent');
  },
});

export const MessageType = builder.objectRef<Message>('Message').implement({
  description:
    'A sentence by its id in the catalogues (src/core/i18n/catalogues) and its values, which a page writes in its reader’s language',
  fields: (t) => ({
    id: t.exposeString('id'),
    values: t.field({ type: 'MessageValues', resolve: (m) => m.values ?? {} }),
  }),
});

/** A message in one string (`encodeMessage`: an import row's problem) as a Message; a plain sentence as it is. */
export function saidOf(text: string): Message {
  return readMessage(text) ?? { id: 'errors.plain', values: { text } };
}
