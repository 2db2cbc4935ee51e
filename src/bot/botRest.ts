// The client's REST manager, with interaction endpoints outside the bot's global rate limit.
//
// Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit" (topics/rate-limits.mdx,
// "Global Rate Limit"): an interaction's callback and the webhook of its token, which edits or
// deletes the original response and sends follow-ups (interactions/receiving-and-responding.mdx,
// "Endpoints"). @discordjs/rest 2.6 exempts only the callback (its burst handler); the webhook
// requests, sent without the bot's token (`auth: false`), still wait for the one budget of 50 a
// second that the bot's own posts and edits share, and use it up. Under a burst of refused
// clicks, their follow-ups held the bot's own edits back by seconds (issue 31). Here they go
// through a manager of their own with no global limit, neither behind nor ahead of the bot's
// requests; the per-route limits Discord sends back still apply to each.
import { REST, type RESTOptions } from 'discord.js';

type Request = Parameters<REST['queueRequest']>[0];

/** Whether a route is an interaction endpoint of this application (its callback, or its token's webhook). */
function isInteractionEndpoint(route: string, applicationId: string | undefined): boolean {
  if (route.startsWith('/interactions/')) return true;
  // A webhook of the application's own id is an interaction's; any other webhook is a channel's.
  return applicationId !== undefined && route.startsWith(`/webhooks/${applicationId}/`);
}

export class BotRest extends REST {
  /** The manager of the interaction endpoints (its own events: the metrics watch both). */
  readonly interactions: REST;

  /** `applicationId`: the application's id once the client knows it (interactions only arrive after). */
  constructor(
    options: Partial<RESTOptions>,
    private readonly applicationId: () => string | undefined,
  ) {
    super(options);
    this.interactions = new REST({ ...options, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  }

  override queueRequest(request: Request): ReturnType<REST['queueRequest']> {
    return isInteractionEndpoint(request.fullRoute, this.applicationId())
      ? this.interactions.queueRequest(request)
      : super.queueRequest(request);
  }

  override setToken(token: string): this {
    this.interactions.setToken(token);
    return super.setToken(token);
  }

  override clearHashSweeper(): void {
    this.interactions.clearHashSweeper();
    super.clearHashSweeper();
  }

  override clearHandlerSweeper(): void {
    this.interactions.clearHandlerSweeper();
    super.clearHandlerSweeper();
  }
}
