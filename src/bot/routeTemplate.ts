// A request's route with its ids and tokens taken out, for a metric's label or a log line: the
// bounded, credential-free name of what was asked (`/channels/:id/messages`).

/**
 * discord.js's bucket route already puts `:id` and `:token` in place of ids and webhook tokens;
 * anything else that is not a plain route word (an id too short to be recognised, a token) becomes
 * `:id` too, so no credential or unbounded value ever becomes a label.
 */
export function routeTemplate(route: string): string {
  return route
    .split('?')[0]!
    .split('/')
    .map((part) => (part === '' || /^(?:[a-z][a-z-]{0,31}|@[a-z]{1,16}|:[a-z]{1,16})$/.test(part) ? part : ':id'))
    .join('/');
}
