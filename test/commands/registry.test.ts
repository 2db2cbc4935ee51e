// Every subcommand the commands' JSON registers with Discord has exactly one declaration (its
// handler and preconditions), and every declaration names a registered subcommand: a subcommand
// added to a definition without a handler, or a handler left behind, fails here.
import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { adminCommand } from '../../src/commands/adminDefinition.js';
import { senetCommand } from '../../src/commands/definition.js';
import { declaredPaths } from '../../src/commands/registry.js';

interface OptionJson {
  type: ApplicationCommandOptionType;
  name: string;
  options?: OptionJson[];
}

/** "command [group] subcommand" for every subcommand in a command's JSON, as sent to Discord. */
function registeredPaths(command: { name: string; options?: OptionJson[] }): string[] {
  return (command.options ?? []).flatMap((option) => {
    if (option.type === ApplicationCommandOptionType.Subcommand) return [`${command.name} ${option.name}`];
    if (option.type === ApplicationCommandOptionType.SubcommandGroup)
      return registeredPaths({ name: `${command.name} ${option.name}`, options: option.options });
    return [];
  });
}

describe('subcommand declarations', () => {
  const registered = [senetCommand(), adminCommand()].flatMap((command) => registeredPaths(command.toJSON()));

  it('cover every registered subcommand once, and nothing else', () => {
    expect(registered).toContain('senet challenge');
    expect(registered).toContain('senet-admin tournament create');
    // Sorted lists with repeats: a subcommand declared twice fails as one declared nowhere does.
    expect(declaredPaths().sort()).toEqual(registered.sort());
  });
});
