// Interactions as users make them: slash commands (with subcommands, groups and resolved users or
// channels), button clicks on stored messages, autocomplete, each sent to the bot as
// INTERACTION_CREATE with where it happens (scenes.ts) and a fresh token; the answers come back
// through responses.ts.
import { announce, channelJson } from './channels.js';
import { member } from './guilds.js';
import { UPLOAD_LIMIT, messageJson } from './messages.js';
import type { InteractionReply } from './responses.js';
import { situation } from './scenes.js';
import { dispatch } from './shards.js';
import { serverOf, snowflake, type DiscordState, type FakeUser, type Owners } from './state.js';

/** The bot sent no first answer to an interaction within the fake's patience (`answerPatienceMs`). */
export class Unanswered extends Error {
  constructor(interactionId: string, ms: number) {
    super(`the bot did not answer interaction ${interactionId} within ${ms} ms`);
    this.name = 'Unanswered';
  }
}

/** A slash-command option as Discord sends it (subcommand options are nested by the fake). */
export interface SlashOption {
  name: string;
  type: number;
  value: string | number | boolean;
}

export const OPTION = { string: 3, integer: 4, boolean: 5, user: 6, channel: 7 } as const;

/** `/senet <subcommand> [options]` as `user`; resolves with the bot's first answer. */
export function slash(
  fake: DiscordState,
  user: FakeUser,
  subcommand: string,
  options: SlashOption[],
  named: FakeUser[],
): Promise<InteractionReply> {
  return chatInput(fake, user, 'senet', [{ type: 1, name: subcommand, options }], resolvedUsers(fake, named));
}

/**
 * `/<command> <subcommand> [options]` as `user`, for commands besides /senet: `channelIds` are
 * the channels channel options name (Discord sends them resolved, as it does users).
 */
export function command(
  fake: DiscordState,
  user: FakeUser,
  name: string,
  subcommand: string,
  options: SlashOption[],
  channelIds: string[],
): Promise<InteractionReply> {
  const channels = Object.fromEntries(channelIds.map((id) => [id, channelJson(fake, id)]));
  const resolved = channelIds.length ? { channels } : undefined;
  return chatInput(fake, user, name, [{ type: 1, name: subcommand, options }], resolved);
}

/**
 * `/<command> <group> <subcommand> [options]` as `user`. Discord sends the group as an option of
 * type SUB_COMMAND_GROUP (2) whose one option is the SUB_COMMAND (1) with its own options, and
 * users named by user options resolved (interactions/application-commands.mdx, "Subcommands and
 * Subcommand Groups"; interactions/receiving-and-responding.mdx, "Resolved Data Structure").
 */
export function groupCommand(
  fake: DiscordState,
  user: FakeUser,
  name: string,
  group: string,
  subcommand: string,
  options: SlashOption[],
  named: FakeUser[],
): Promise<InteractionReply> {
  const subcommandOption = { type: 1, name: subcommand, options };
  const groupOption = { type: 2, name: group, options: [subcommandOption] };
  return chatInput(fake, user, name, [groupOption], resolvedUsers(fake, named));
}

/** A CHAT_INPUT command (type 1) used in the current channel, with its options and resolved data. */
function chatInput(
  fake: DiscordState,
  user: FakeUser,
  name: string,
  options: unknown[],
  resolved: Record<string, unknown> | undefined,
): Promise<InteractionReply> {
  return interact(fake, user, {
    type: 2,
    data: {
      id: snowflake(),
      name,
      type: 1,
      guild_id: serverOf(fake, fake.channelId),
      options,
      ...(resolved ? { resolved } : {}),
    },
  });
}

/** The users user options name, resolved as Discord sends them: the users and their members. */
function resolvedUsers(fake: DiscordState, named: FakeUser[]): Record<string, unknown> | undefined {
  if (named.length === 0) return undefined;
  const users = Object.fromEntries(named.map((u) => [u.id, u]));
  const scene = fake.scenes.get(fake.channelId);
  // The server the command is typed in, whose nicknames the members carry (none in a DM).
  const server =
    scene === undefined ? serverOf(fake, fake.channelId) : scene.kind === 'userInstallServer' ? scene.guildId : '';
  const members = Object.fromEntries(named.map((u) => [u.id, member(fake, u, false, server)]));
  return { users, members };
}

/** A click on the button `customId` of the stored message `messageId` as `user`. */
export function click(
  fake: DiscordState,
  user: FakeUser,
  messageId: string,
  customId: string,
): Promise<InteractionReply> {
  const message = fake.messages.get(messageId);
  if (!message) throw new Error(`no message ${messageId}`);
  return interact(
    fake,
    user,
    {
      type: 3,
      data: { custom_id: customId, component_type: 2 },
      message: messageJson(fake, message),
    },
    messageId,
  );
}

/**
 * The user typing in `/senet <subcommand>`'s option `focused` (`value` so far); resolves with
 * the suggestions the bot answered (an autocomplete result, callback type 8).
 */
export async function autocomplete(
  fake: DiscordState,
  user: FakeUser,
  subcommand: string,
  focused: SlashOption,
  commandName = 'senet',
): Promise<{ name: string; value: string | number }[]> {
  const reply = await interact(fake, user, {
    type: 4,
    data: {
      id: snowflake(),
      name: commandName,
      type: 1,
      guild_id: serverOf(fake, fake.channelId),
      options: [{ type: 1, name: subcommand, options: [{ ...focused, focused: true }] }],
    },
  });
  if (reply.refused) throw new Error(`the autocomplete result was refused: ${reply.refused.message}`);
  if (reply.type !== 8) throw new Error(`expected an autocomplete result, got callback type ${reply.type}`);
  return (reply.data?.choices ?? []) as { name: string; value: string | number }[];
}

/**
 * Any interaction as `user`: `body` gives its type and data (and may override any field, e.g.
 * drop `guild_id`); `clickedMessageId` is the stored message a component interaction is on.
 */
export function interact(
  fake: DiscordState,
  user: FakeUser,
  body: Record<string, unknown>,
  clickedMessageId?: string,
): Promise<InteractionReply> {
  const id = snowflake();
  const channelId = clickedMessageId ? fake.messages.get(clickedMessageId)!.channelId : fake.channelId;
  announce(fake, channelId);
  fake.interactionChannel.set(id, channelId);
  fake.interactionUsers.set(id, user);
  // An UPDATE_MESSAGE callback edits the message that was clicked.
  if (clickedMessageId) fake.clickedMessage.set(id, clickedMessageId);
  const token = `tok-${id}`;
  fake.tokenIssuedAt.set(token, fake.clock);
  const payload: Record<string, unknown> = {
    id,
    application_id: fake.applicationId,
    token,
    version: 1,
    channel_id: channelId,
    channel: channelJson(fake, channelId),
    locale: fake.userLocales.get(user.id) ?? 'en-US',
    entitlements: [],
    attachment_size_limit: UPLOAD_LIMIT,
    ...situation(fake, user, channelId, (clickedMessageId && fake.messages.get(clickedMessageId)!.owners) || undefined),
    ...body,
  };
  fake.interactionOwners.set(id, payload.authorizing_integration_owners as Owners);
  fake.lastInteraction = payload;
  fake.interactionSentAt.set(id, performance.now());
  const reply = new Promise<InteractionReply>((resolve, reject) => {
    const patience = setTimeout(() => {
      fake.pending.delete(id);
      reject(new Unanswered(id, fake.answerPatienceMs));
    }, fake.answerPatienceMs).unref();
    fake.pending.set(id, (answer) => {
      clearTimeout(patience);
      resolve(answer);
    });
  });
  const send = () =>
    dispatch(fake, 'INTERACTION_CREATE', payload, typeof payload.guild_id === 'string' ? payload.guild_id : null);
  if (fake.deliveryDelayMs > 0) setTimeout(send, fake.deliveryDelayMs);
  else send();
  return reply;
}
