// /senet-admin tournament create|start|cancel|remove: a subcommand group of the admin command, so
// it shares its Manage Server default (Discord sets permissions per command, not per subcommand).
import type { SlashCommandSubcommandBuilder, SlashCommandSubcommandGroupBuilder } from 'discord.js';
import { TOURNAMENT_LIMITS } from '../game/limits.js';
import { addRuleOptions, addRules } from './definition.js';
import { choice, described, message } from './localizations.js';

export const TOURNAMENT_GROUP = 'tournament';

/** Option names of the group's subcommands; the handlers read the same constants. */
export const TOURNAMENT_OPT = {
  name: 'name',
  format: 'format',
  rounds: 'rounds',
  startIn: 'start_in',
  roundTime: 'round_time',
  rated: 'rated',
  maxPlayers: 'max_players',
  id: 'id',
  player: 'player',
} as const;

/** What a create that leaves an option out gets. */
export const TOURNAMENT_DEFAULTS = { rounds: 3, startInMinutes: 15, roundMinutes: 60, maxPlayers: 16 } as const;

const L = TOURNAMENT_LIMITS;

export function tournamentGroup(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  return described(group.setName(TOURNAMENT_GROUP), message('command.admin.tournament.description'))
    .addSubcommand((sub) => {
      const withRules = addRules(
        described(sub.setName('create'), message('command.admin.tournament.create'))
          .addStringOption((o) =>
            described(o.setName(TOURNAMENT_OPT.name), message('command.admin.tournament.name'))
              .setRequired(true)
              .setMaxLength(L.nameLength),
          )
          .addStringOption((o) =>
            described(o.setName(TOURNAMENT_OPT.format), message('command.admin.tournament.format'))
              .setRequired(true)
              .addChoices(
                choice(message('command.admin.tournament.swiss'), 'swiss'),
                choice(message('command.admin.tournament.knockout'), 'knockout'),
              ),
          )
          .addIntegerOption((o) =>
            described(o.setName(TOURNAMENT_OPT.rounds), message('command.admin.tournament.rounds'))
              .setMinValue(L.swissRounds.min)
              .setMaxValue(L.swissRounds.max),
          )
          .addIntegerOption((o) =>
            described(o.setName(TOURNAMENT_OPT.startIn), message('command.admin.tournament.startIn'))
              .setMinValue(L.startInMinutes.min)
              .setMaxValue(L.startInMinutes.max),
          )
          .addIntegerOption((o) =>
            described(o.setName(TOURNAMENT_OPT.roundTime), message('command.admin.tournament.roundTime'))
              .setMinValue(L.roundMinutes.min)
              .setMaxValue(L.roundMinutes.max),
          )
          .addIntegerOption((o) =>
            described(o.setName(TOURNAMENT_OPT.maxPlayers), message('command.admin.tournament.maxPlayers'))
              .setMinValue(L.players.min)
              .setMaxValue(L.players.max),
          )
          .addBooleanOption((o) =>
            described(o.setName(TOURNAMENT_OPT.rated), message('command.admin.tournament.rated')),
          ),
        'command.admin.tournament.rules',
      );
      return addRuleOptions(withRules);
    })
    .addSubcommand((sub) => withId(described(sub.setName('start'), message('command.admin.tournament.start'))))
    .addSubcommand((sub) => withId(described(sub.setName('cancel'), message('command.admin.tournament.cancel'))))
    .addSubcommand((sub) =>
      withId(described(sub.setName('remove'), message('command.admin.tournament.remove'))).addUserOption((o) =>
        described(o.setName(TOURNAMENT_OPT.player), message('command.admin.tournament.player')).setRequired(true),
      ),
    );
}

/** The tournament a subcommand acts on, by the number its message shows. */
function withId(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) =>
    described(o.setName(TOURNAMENT_OPT.id), message('command.admin.tournament.id')).setRequired(true).setMinValue(1),
  );
}
