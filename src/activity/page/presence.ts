// Rich presence: what the user's Discord profile says while the live board is open ("Playing
// Senet: your turn"), with the party's size, through the Embedded App SDK's setActivity (Discord's
// "Using Rich Presence with the Embedded App SDK"). It needs the `rpc.activities.write` scope,
// which the page asks for at sign-in; where it is not granted (or the SDK answers anything but
// yes) the profile keeps Discord's default and the page says nothing: presence is a courtesy.
import type { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';

/** Discord's activity type "Playing" (resources/presence.mdx, Activity Types). */
const PLAYING = 0;
/** Seats at a game: the party's size reads "1 of 2" while one waits for a second player. */
const SEATS = 2;

export class Presence {
  private people = 1;
  private state: string | null = null;
  private granted = true;
  /** Started once signed in: before Discord's authenticate, setActivity would be refused. */
  private started = false;

  constructor(private readonly sdk: DiscordSDK | DiscordSDKMock) {}

  /** Follows who is in the instance (the party's size), then shows `state` as it changes. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.send();
    try {
      const { participants } = await this.sdk.commands.getInstanceConnectedParticipants();
      this.people = Math.max(1, participants.length);
      await this.sdk.subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (event) => {
        this.people = Math.max(1, event.participants.length);
        this.send();
      });
    } catch {
      // Not told who is here: the party counts the user alone.
    }
  }

  /** The user's state now ("Playing Senet", "Playing Senet: your turn"): sent when it changes. */
  show(state: string): void {
    if (state === this.state) return;
    this.state = state;
    this.send();
  }

  private send(): void {
    if (!this.started || !this.granted || this.state === null) return;
    const size: [number, number] = [this.people, Math.max(SEATS, this.people)];
    this.sdk.commands
      .setActivity({ activity: { type: PLAYING, state: this.state, party: { id: this.sdk.instanceId, size } } })
      .catch(() => {
        // The scope was not granted (or presence is off): asked no more.
        this.granted = false;
      });
  }
}
