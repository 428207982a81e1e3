import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: its content streams inflated, and the strings of their text operators
 * decoded (pdfkit's output; enough for tests, not a PDF reader). A cell's text that wraps comes
 * out as several strings joined by spaces.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] as string, 'latin1')).toString('latin1');
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
