// Launching the app's Activity from chat: the Entry Point command run from the App Launcher, and
// the LAUNCH_ACTIVITY answer (callback type 12) that opens the Activity for whoever asked.
//
// - An Entry Point command whose handler is APP_HANDLER (1) reaches the app as an interaction of
//   type APPLICATION_COMMAND (2) whose data has the command's type, 4; the app answers it, for
//   instance with LAUNCH_ACTIVITY; with DISCORD_LAUNCH_ACTIVITY (2) Discord launches the Activity
//   itself and the app hears nothing (interactions/application-commands.mdx, "Entry Point
//   handlers").
// - LAUNCH_ACTIVITY (12) "Launch the Activity associated with the app. Only available for apps
//   with Activities enabled" (interactions/receiving-and-responding.mdx, "Interaction Callback
//   Type"). The docs name no error for an app without them; the fake refuses it as a callback
//   Discord does not take, 400 Invalid Form Body, which is no answer: the user sees the
//   interaction fail.
// - The Activity opens in the interaction's channel: a new instance, or the one running there,
//   which the user joins ("Interaction Callback Activity Instance Resource": "Instance ID of the
//   Activity if one was launched or joined"). With `with_response`, the callback's answer names it.
import { launchInstance } from './activities.js';
import { ENTRY_POINT, entryPointOf } from './applicationCommands.js';
import type { Failure } from './failures.js';
import { interact } from './interactions.js';
import type { InteractionReply } from './responses.js';
import { serverOf, type DiscordState, type FakeUser, type RecordedRequest } from './state.js';

/** The callback type that launches the Activity. */
export const LAUNCH_ACTIVITY = 12;

/** One launch the bot asked for: who, where, from which interaction, into which instance. */
export interface FakeLaunch {
  interactionId: string;
  userId: string;
  channelId: string;
  instanceId: string;
  /** performance.now() when Discord took the callback. */
  at: number;
}

/** A LAUNCH_ACTIVITY callback from an app without Activities: refused. */
export function launchRefused(fake: DiscordState, r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  const isCallback = parts[0] === 'interactions' && parts[3] === 'callback';
  if (!isCallback || Number(r.body?.type) !== LAUNCH_ACTIVITY || fake.activitiesEnabled) return null;
  return { status: 400, code: 50035, message: 'Invalid Form Body (type: the application has no Activities)' };
}

/** Opens the Activity for the user of `interactionId` in its channel; the instance's id. */
export function launchFor(fake: DiscordState, interactionId: string, at: number): string {
  const channelId = fake.interactionChannel.get(interactionId)!;
  const user = fake.interactionUsers.get(interactionId)!;
  const running = [...fake.activityInstances.values()].find((i) => i.channelId === channelId);
  let instanceId: string;
  if (running) {
    running.users.add(user.id);
    fake.users.set(user.id, user);
    instanceId = running.id;
  } else {
    const guildId = fake.scenes.has(channelId) ? null : serverOf(fake, channelId);
    instanceId = launchInstance(fake, channelId, guildId, user);
  }
  fake.launches.push({ interactionId, userId: user.id, channelId, instanceId, at });
  return instanceId;
}

/**
 * `user` runs the app's Entry Point command from the App Launcher in the current channel; resolves
 * with the bot's answer. Only an Entry Point command the app handles reaches the bot.
 */
export function useEntryPoint(fake: DiscordState, user: FakeUser): Promise<InteractionReply> {
  const command = entryPointOf(fake);
  if (!command) throw new Error('the app has no Entry Point command: the App Launcher has nothing to run');
  if (command.handler !== ENTRY_POINT.appHandler)
    throw new Error('the Entry Point command is answered by Discord itself (DISCORD_LAUNCH_ACTIVITY), not the app');
  return interact(fake, user, { type: 2, data: { id: command.id, name: command.name, type: ENTRY_POINT.type } });
}
