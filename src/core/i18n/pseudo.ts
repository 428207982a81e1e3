/**
 * The pseudo-locale (PSEUDO_LOCALE): every letter of a message accented and the message lengthened
 * by about 40 %, as a longer language would be, while its placeholders, plural forms and `<0>`
 * tags are kept. It works on messages compiled for @lingui/core (the shape below), so the browser
 * needs no message parser to make it.
 */
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [string] | [string, string] | [string, string, Record<string, unknown>];

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŦÚṼŴẊÝŽ'][i] ?? letter,
  ]),
);

/** Letters of a message's text, accented; `<0>`-style tags and the plural's `#` stay as they are. */
export function accent(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('');
}

function textLength(message: CompiledMessage): number {
  if (typeof message === 'string') return message.length;
  return message.reduce((sum, token) => sum + (typeof token === 'string' ? token.length : 4), 0);
}

function accentTokens(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string') return accent(message);
  return message.map((token): CompiledToken => {
    if (typeof token === 'string') return token === '#' ? token : accent(token);
    const [name, type, cases] = token;
    if (type === undefined || cases === undefined || typeof cases !== 'object') return token;
    // A plural's or select's forms are messages too.
    const forms = Object.fromEntries(
      Object.entries(cases).map(([form, value]) => [
        form,
        typeof value === 'string' || Array.isArray(value) ? accentTokens(value as CompiledMessage) : value,
      ]),
    );
    return [name, type, forms];
  });
}

/**
 * One compiled message in the pseudo-locale: accented, then padded with "·" to about 140 %, in
 * words of at most four, as a longer language's words would wrap.
 */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  const extra = Math.max(1, Math.round(textLength(message) * 0.4));
  const words: string[] = Array.from({ length: Math.floor(extra / 4) }, () => '····');
  const padding = words
    .concat(extra % 4 ? ['·'.repeat(extra % 4)] : [])
    .join(' ')
    .replace(/^/, ' ');
  const accented = accentTokens(message);
  return typeof accented === 'string' ? `${accented}${padding}` : [...accented, padding];
}
