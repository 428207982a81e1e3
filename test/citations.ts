/** One comment line of a file: its 1-based line number and its text. */
export interface CommentLine {
  line: number;
  text: string;
}

/** What a comment cites: a path or document name, a decision record's number, or a source a clone lacks. */
export interface Citation {
  kind: 'path' | 'decision' | 'issue' | 'spec' | 'shared' | 'anchor';
  text: string;
  /** For a document: the heading it names, as a link's anchor ('#rules-engine') or in words ('Rules engine'). */
  section?: string;
}

/**
 * The comment lines of a file. Markdown, GraphQL SDL and HTML are all prose; in code, the text after
 * `//` and inside `/* … *\/` (JSX's `{/* … *\/}` too). Strings are skipped roughly: a quote opens one
 * only outside a comment, and `//` inside a quoted string (a URL) is not a comment.
 */
export function commentsOf(name: string, source: string): CommentLine[] {
  const lines = source.split('\n');
  if (/\.(md|graphql|html)$/.test(name)) return lines.map((text, i) => ({ line: i + 1, text }));
  const comments: CommentLine[] = [];
  let inBlock = false;
  lines.forEach((text, i) => {
    let rest = text;
    let quote: string | null = null;
    let j = 0;
    let start = 0;
    while (j < rest.length) {
      if (inBlock) {
        const end = rest.indexOf('*/', j);
        comments.push({ line: i + 1, text: rest.slice(start, end === -1 ? rest.length : end) });
        if (end === -1) return;
        inBlock = false;
        rest = rest.slice(end + 2);
        j = 0;
        continue;
      }
      const c = rest[j];
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = null;
      } else if (c === "'" || c === '"' || c === '`') {
        quote = c;
      } else if (rest.startsWith('//', j)) {
        comments.push({ line: i + 1, text: rest.slice(j + 2) });
        return;
      } else if (rest.startsWith('/*', j)) {
        inBlock = true;
        start = j + 2;
        j = start;
        continue;
      }
      j++;
    }
  });
  return comments;
}

const patterns: [Citation['kind'], RegExp][] = [
  ['issue', /\bissues? #?\d+/gi],
  ['spec', /(?:\bspec(?:'s)? )?§ ?\d+/gi],
  ['shared', /(?:\.\.\/|\/work\/)shared\b/g],
  ['decision', /\bdecisions? ((?:\d{4}(?:,? (?:and |or )?)?)+)/gi],
  // a record named by its folder and number only: decisions/0025
  ['decision', /(?<![\w/.-])decisions\/(\d{4})(?!-)/g],
  // a Markdown link to a heading of the same page
  ['anchor', /\]\((#[\w-]+)\)/g],
  // docs/…, src/… and the other folders, relative paths, and any document named *.md
  [
    'path',
    /(?<![\w/.-])(?:\.{1,2}\/)*(?:(?:docs|src|test|bench|scripts|bin|drizzle)\/[\w.@/-]*[\w]|[\w.-]+\/)*[\w-]+\.md\b|(?<![\w/.-])(?:\.{1,2}\/)*(?:docs|src|test|bench|scripts|bin|drizzle)\/[\w.@/-]*\w/g,
  ],
];

/** The citations in one comment line, in the order the patterns list them. */
export function citationsIn(text: string): Citation[] {
  const found: { at: number; citation: Citation }[] = [];
  for (const [kind, pattern] of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (kind === 'decision') {
        for (const n of match[1]?.match(/\d{4}/g) ?? []) found.push({ at: match.index, citation: { kind, text: n } });
      } else if (kind === 'anchor') {
        found.push({ at: match.index, citation: { kind, text: match[1] ?? '' } });
      } else if (kind === 'path') {
        // A glob or a placeholder names no one file.
        if (/[*<{]/.test(text.slice(match.index + match[0].length, match.index + match[0].length + 1))) continue;
        if (/^\.\.\/shared/.test(match[0])) continue;
        const section = sectionAfter(text.slice(match.index + match[0].length));
        found.push({ at: match.index, citation: { kind, text: match[0], ...(section ? { section } : {}) } });
      } else {
        found.push({ at: match.index, citation: { kind, text: match[0] } });
      }
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.citation);
}

/**
 * The heading named right after a document: '#anchor', or ', Words' when the words start with a
 * capital (', security requirement 4' too); prose after a comma (', end to end') is not one.
 */
function sectionAfter(rest: string): string | undefined {
  const anchor = /^#([\w-]+)/.exec(rest);
  if (anchor) return `#${anchor[1]}`;
  const words = /^, (security requirements? [\d-]+(?:(?:,| and) \d+)*|[A-Z][^):;.,[\]`'"]*)/.exec(rest);
  return words?.[1]?.trim();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Whether a Markdown page holds the section a citation names; undefined when the page is fine. */
export function missingSection(markdown: string, section: string): string | undefined {
  const headings = [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim());
  if (section.startsWith('#')) {
    return headings.some((h) => slug(h) === section.slice(1)) ? undefined : section;
  }
  const requirement = /^security requirements? (.+)$/.exec(section);
  if (requirement) {
    if (!headings.includes('Security requirements')) return 'Security requirements';
    const numbers = (requirement[1] ?? '').match(/\d+/g) ?? [];
    const listed = (n: string) => new RegExp(`^${n}\\. `, 'm').test(markdown);
    return numbers.find((n) => !listed(n));
  }
  // 'Dashboard and Roles': each named heading; a heading holds the words ('Regulation VI').
  const names = section.split(' and ').filter((name) => /^[A-Z]/.test(name));
  return names.find((name) => !headings.some((h) => h.toLowerCase().includes(name.toLowerCase())));
}
