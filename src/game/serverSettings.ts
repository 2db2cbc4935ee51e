// A server's settings: those in force (the defaults, .env and the admins' changes; settings.ts
// combines them), and /senet-admin's view and change of them, for members with Manage Server.
// Discord only hides the command from others by default (admins can change that in the server's
// integration settings), so every call checks the permission again.
import type { ServiceCore } from './core.js';
import { type AdminInput, requireManager } from './refusals.js';
import type { ServerSettings } from './settingSpecs.js';
import type { Variant } from '../engine/index.js';
import { type SettingKey, type SettingsChange, type SettingsView, SETTING_KEYS, applyChange } from './settings.js';
import { type Outcome, ok } from './types.js';

/** The settings in force in a server. */
export async function settings(core: ServiceCore, guildId: string): Promise<ServerSettings> {
  return await core.settingsOf(guildId);
}

/** What a challenge naming no rules plays in a server. */
export async function defaultVariant(core: ServiceCore, guildId: string): Promise<Variant> {
  return (await core.settingsOf(guildId)).defaultVariant;
}

/** The settings as /senet-admin shows them: those in force, and which the admins set. */
export async function showSettings(core: ServiceCore, input: AdminInput): Promise<Outcome<SettingsView>> {
  return requireManager(input) ?? ok(await settingsView(core, input.guildId));
}

/** Applies an admin's change (all of it or, if any part is refused, none of it). */
export async function changeSettings(
  core: ServiceCore,
  input: AdminInput & { change: SettingsChange },
): Promise<Outcome<SettingsView>> {
  const refused = requireManager(input);
  if (refused) return refused;
  return core.transact(async (core) => {
    const next = applyChange(core.config, await core.ownSettings(input.guildId), input.change);
    if (!next.ok) return next;
    await core.server.saveSettingsJson(input.guildId, JSON.stringify(next.value), core.now(), input.userId);
    return ok(await settingsView(core, input.guildId));
  });
}

async function settingsView(core: ServiceCore, guildId: string): Promise<SettingsView> {
  const own = await core.ownSettings(guildId);
  return { settings: await core.settingsOf(guildId), own: SETTING_KEYS.filter((key: SettingKey) => key in own) };
}
