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

export function showSettings(core: ServiceCore, input: AdminInput): Outcome<SettingsView> {
  return requireManager(input) ?? ok(settingsView(core, input.guildId));
}

/** Applies an admin's change (all of it or, if any part is refused, none of it). */
export function changeSettings(
  core: ServiceCore,
  input: AdminInput & { change: SettingsChange },
): Outcome<SettingsView> {
  const refused = requireManager(input);
  if (refused) return refused;
  return core.transact(() => {
    const next = applyChange(core.config, core.ownSettings(input.guildId), input.change);
    if (!next.ok) return next;
    core.server.saveSettingsJson(input.guildId, JSON.stringify(next.value), core.now(), input.userId);
    return ok(settingsView(core, input.guildId));
  });
}

function settingsView(core: ServiceCore, guildId: string): SettingsView {
  const own = core.ownSettings(guildId);
  return { settings: core.settingsOf(guildId), own: SETTING_KEYS.filter((key: SettingKey) => key in own) };
}
