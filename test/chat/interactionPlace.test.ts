// What works where: the place an interaction comes from, whether the bot's own token reaches it,
// and whose records a game made there belongs to, from the fields Discord sends.
import { InteractionContextType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { botTokenReaches, placeOf, recordsGuild } from '../../src/chat/interactionPlace.js';

type Situated = Parameters<typeof placeOf>[0];

const GUILD = '111111111111111111';
const USER = '222222222222222222';

function situated(
  context: InteractionContextType | null,
  guildId: string | null,
  owners: { guildId: string | null; userId: string | null },
): Situated {
  return { context, guildId, authorizingIntegrationOwners: owners } as unknown as Situated;
}

const CASES: [string, Situated, ReturnType<typeof placeOf>, boolean, string][] = [
  [
    'a server that installed the bot',
    situated(InteractionContextType.Guild, GUILD, { guildId: GUILD, userId: null }),
    'server',
    true,
    GUILD,
  ],
  [
    'a server that installed it, used by someone who also installed it',
    situated(InteractionContextType.Guild, GUILD, { guildId: GUILD, userId: USER }),
    'server',
    true,
    GUILD,
  ],
  [
    'a server reached only through the user install',
    situated(InteractionContextType.Guild, GUILD, { guildId: null, userId: USER }),
    'userInstallServer',
    false,
    '',
  ],
  [
    'the DM with the bot',
    situated(InteractionContextType.BotDM, null, { guildId: '0', userId: null }),
    'botDm',
    true,
    '',
  ],
  [
    'a group DM between users',
    situated(InteractionContextType.PrivateChannel, null, { guildId: null, userId: USER }),
    'privateChannel',
    false,
    '',
  ],
  [
    'a server, from a payload without context or owners',
    situated(null, GUILD, { guildId: null, userId: null }),
    'server',
    true,
    GUILD,
  ],
];

describe('contexts', () => {
  it.each(CASES)('%s', (_, interaction, place, reaches, guild) => {
    expect(placeOf(interaction)).toBe(place);
    expect(botTokenReaches(interaction)).toBe(reaches);
    expect(recordsGuild(interaction)).toBe(guild);
  });
});
