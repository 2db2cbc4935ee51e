// Text that users chose: display names, server nicknames, a tournament's name, a value typed into a
// command. A message shows it as written, never as Discord markup: `[Free Nitro](https://…)` as a
// name must not become a link, `**x**` not bold, `<@id>` not a mention. The words are carried as a
// UserText, and `translate` escapes every UserText placeholder value (src/i18n/index.ts): that is
// the one place message text meets what users typed. What is not markdown takes the words as they
// are (`.plain`): the board picture, alt text, a thread's or scheduled event's name, a button
// label, an autocomplete choice; a code block has its own rule (no backquote can end it early).

/** Words a user chose, to be shown as written. Plain data: it crosses worker threads. */
export interface UserText {
  readonly plain: string;
}

export const userText = (plain: string): UserText => ({ plain });

/**
 * Every character Discord's markdown can read as syntax, wherever it stands: the escape itself,
 * emphasis, underline, strike-through, spoilers and code (`* _ ~ | \``), headings, subtext (`-#`),
 * lists and block quotes (`# - + >`, which count at a line's start, and a name can start a line),
 * masked links (`[…](…)`), mentions, channels, timestamps and slash-command links (`<…>`),
 * `@everyone` and `@here`, and the `:` of a link (`https://`, which Discord would link and
 * preview) or an emoji's short code. A backslash before any punctuation mark shows the mark itself.
 * discord.js's escapeMarkdown leaves headings, lists and masked links alone unless asked, and never
 * escapes `-#`, `>`, `<` or `@`, hence this one. (No message lets `@everyone` ping anyway: every
 * payload names the users it may mention.)
 */
const SYNTAX = /[\\*_~`|#\-+>[\]<@:]/g;

/** `1.` at the start of a line is a numbered list. */
const NUMBERED = /^(\d+)\./;

/** `plain` as message text that Discord shows exactly as written, on one line. */
export function escapeMarkdown(plain: string): string {
  return plain
    .replace(/[\r\n]+/g, ' ')
    .replace(SYNTAX, '\\$&')
    .replace(NUMBERED, '$1\\.');
}
