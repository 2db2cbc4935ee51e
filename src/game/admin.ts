// /senet-admin's settings: shown and changed by members with Manage Server. Discord only hides
// the command from others by default (admins can change that in the server's integration
// settings), so every call checks the permission again.
import type { ServiceCore } from './core.js';
import { type SettingKey, type SettingsChange, type SettingsView, SETTING_KEYS, applyChange } from './settings.js';
import { type Outcome, fail, ok } from './types.js';

/** Who asks: their id and whether Discord says they have Manage Server in this server. */
export interface AdminInput {
  guildId: string;
  userId: string;
  canManageServer: boolean;
}

export function requireManager(input: AdminInput): Outcome<never> | null {
  return input.canManageServer ? null : fail('forbidden', 'admin.notAnAdmin');
}

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
