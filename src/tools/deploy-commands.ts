// `npm run deploy-commands`: registers /senet and /senet-admin with Discord, for one guild when GUILD_ID is set
// (instant: for testing) or globally (may take up to an hour to appear everywhere).
import { REST, Routes } from 'discord.js';
import { config as loadDotenv } from 'dotenv';
import { explainMissing, loadConfig } from '../bot/config.js';
import { discordApi } from '../bot/discordApi.js';
import { adminCommand } from '../commands/adminDefinition.js';
import { senetCommand } from '../commands/definition.js';

loadDotenv({ quiet: true });
const result = loadConfig(process.env);
if (!result.ok) {
  console.error(explainMissing(result));
  process.exit(1);
}
const { config } = result;
const rest = new REST(discordApi(config)).setToken(config.token);
const route = config.guildId
  ? Routes.applicationGuildCommands(config.applicationId, config.guildId)
  : Routes.applicationCommands(config.applicationId);
try {
  const saved = (await rest.put(route, { body: [senetCommand().toJSON(), adminCommand().toJSON()] })) as unknown[];
  console.log(
    `Registered ${saved.length} commands (/senet, /senet-admin) ${config.guildId ? `in guild ${config.guildId}` : 'globally (allow up to an hour)'}.`,
  );
} catch (err) {
  console.error(`Could not register the commands: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
