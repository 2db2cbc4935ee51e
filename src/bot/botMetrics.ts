// Where the running bot feeds its metrics: each interaction as it is handled, and every response
// (and rate-limit wait) of its REST clients. Only in-memory counters: nothing here does I/O.
import { type Interaction, InteractionType, type REST, RESTEvents } from 'discord.js';
import { decodeButtonId } from '../chat/customIds.js';
import { subcommandOf } from '../commands/registry.js';
import type { InteractionKind, InteractionOutcome, Metrics } from './metrics.js';

/** Counts a REST client's responses by route and status, and the requests it held back for rate limits. */
export function watchRest(rest: REST, metrics: Metrics): void {
  rest.on(RESTEvents.Response, (request, response) =>
    metrics.discordResponse(request.method, request.route, response.status),
  );
  rest.on(RESTEvents.RateLimited, (limit) => metrics.rateLimitWait(limit.method, limit.route, limit.global));
}

/**
 * The interaction's kind and name: "/senet challenge" as command "senet challenge", a board's move
 * button as button "act". Names are bounded: commands and buttons not ours are "unknown".
 */
function kindOf(interaction: Interaction): InteractionKind {
  if (interaction.isChatInputCommand()) {
    const ours = subcommandOf(interaction) !== undefined;
    const name = `${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim();
    return { kind: 'command', name: ours ? name : 'unknown' };
  }
  if (interaction.isButton()) return { kind: 'button', name: decodeButtonId(interaction.customId)?.kind ?? 'unknown' };
  if (interaction.isAutocomplete()) {
    return {
      kind: 'autocomplete',
      name: subcommandOf(interaction) !== undefined ? interaction.commandName : 'unknown',
    };
  }
  return { kind: 'other', name: InteractionType[interaction.type] };
}

/** What the user got once the handler is done (see Metrics.interaction). */
function outcomeOf(interaction: Interaction, failed: boolean): InteractionOutcome {
  if (failed) return 'failed';
  if (interaction.isAutocomplete()) return interaction.responded ? 'ok' : 'unanswered';
  if (!interaction.isRepliable() || !(interaction.replied || interaction.deferred)) return 'unanswered';
  return interaction.ephemeral ? 'private' : 'ok';
}

/** Records one interaction: its kind, outcome and the seconds since it arrived (`arrivedAt`, performance.now()). */
export function countInteraction(metrics: Metrics, interaction: Interaction, failed: boolean, arrivedAt: number): void {
  metrics.interaction(kindOf(interaction), outcomeOf(interaction, failed), (performance.now() - arrivedAt) / 1000);
}
