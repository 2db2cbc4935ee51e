// Just enough Markdown reading to check the docs' links: the headings a file can be linked to (with
// GitHub's anchors) and the links it makes. Code (fenced blocks and inline spans) is skipped on both
// sides: GitHub renders neither headings nor links inside it.

/** One link or image in a Markdown file, as written. */
export interface MarkdownLink {
  target: string;
  line: number;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The file's lines outside fenced code blocks, with their 1-based line numbers. */
function proseLines(text: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const opening = FENCE.exec(raw)?.[1];
    if (fence !== null) {
      // A fence closes with at least as many of its own characters.
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      return;
    }
    if (opening !== undefined) {
      fence = opening;
      return;
    }
    lines.push({ text: raw, line: index + 1 });
  });
  return lines;
}

/** A line with its inline code spans blanked out (links inside them are not links). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/**
 * GitHub's anchor for a heading (github-slugger): the heading's rendered text in lower case, every
 * character that is not a letter, mark, number, connector (`_`), hyphen or space dropped, spaces turned
 * into hyphens. Markup is dropped first: `code` keeps its text, [a link](x) its link text.
 */
export function slug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Every anchor the file offers: one per ATX heading (`#` to `######`), a repeated slug numbered
 * `-1`, `-2`… as GitHub does, and any explicit `<a name="…">` or `id="…"`.
 */
export function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*?(?:name|id)="([^"]+)"/g)) found.add(match[1]!);
  }
  return found;
}

/** Every inline link and image `[text](target "title")`, and every reference definition `[x]: target`. */
export function links(text: string): MarkdownLink[] {
  const found: MarkdownLink[] = [];
  for (const { text: raw, line } of proseLines(text)) {
    const prose = withoutCodeSpans(raw);
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ target: match[1]!, line });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s+<?([^\s>]+)>?/.exec(prose)?.[1];
    if (definition !== undefined) found.push({ target: definition, line });
  }
  return found;
}

/** Links that leave the repository (checked by nobody here: the tests never go online). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}
