import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: its content streams inflated, and the strings of their text operators
 * decoded (pdfkit's output; enough for tests, not a PDF reader). A cell's text that wraps comes
 * out as several strings joined by spaces.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // Each stream is read by its dictionary's /Length: compressed bytes may end in a carriage return,
  // which a search for the line before `endstream` would cut off (about one stream in 256).
  for (const match of raw.matchAll(/<<((?:(?!<<|>>)[\s\S])*)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(match[1] as string)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = (match.index ?? 0) + match[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + length), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(block[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join(' ');
}
