// Reading a game message as a player would: who is to act, which buttons there are, which to press.
import type { FakeDiscord, RawButton } from './fake/fakeDiscord.js';

/** The name in the prompt line of a game message ("**Ana** to throw." / "**Ana**: choose a move …"). */
export function toActName(content: string): string | null {
  return /\*\*([^*]+)\*\*(?: to throw|: choose a move)/.exec(content)?.[1] ?? null;
}

/** The game buttons (not Rematch) of a message. */
export function actButtons(fake: FakeDiscord, messageId: string): RawButton[] {
  return fake.buttons(messageId).filter((b) => b.custom_id?.startsWith('senet:act:'));
}

/**
 * A button to press: the furthest-reaching move (games end sooner), else take, else throw.
 * Labels are "n · from → to", with a word ("off") for bearing off.
 */
export function pickButton(buttons: RawButton[]): RawButton {
  const reach = (b: RawButton): number => {
    // A word for the target square (English "off", German "raus", …) is bearing off.
    const to = /→ (\S+)$/.exec(b.label ?? '')?.[1];
    return to === undefined ? -1 : /^\d+$/.test(to) ? Number(to) : 31;
  };
  return [...buttons].sort((a, b) => reach(b) - reach(a))[0]!;
}
