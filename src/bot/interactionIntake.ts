// Where the client's interactions come in: held from the start (before the dispatcher can take
// them), then each handed to the dispatcher and tracked until it is handled, so shutdown (and
// tests) can wait for them and a hand-over can name the ones answered lately.
import { type Client, Events, type Interaction } from 'discord.js';
import type { CommandContext } from '../commands/commandContext.js';
import { countInteraction } from './botMetrics.js';
import { dispatch } from './dispatcher.js';
import type { Metrics } from './metrics.js';

/**
 * While standing by to take over, interactions older than this are let go: Discord accepts a first
 * answer for 3 s, and the process being taken over answers what arrived before it stopped.
 */
const STANDBY_HOLD_MS = 5000;
/**
 * The interactions answered in this last stretch are handed over on stop; longer than any standby
 * holds one, so whatever a successor holds and this process answered is in the list.
 */
const ANSWERED_KEPT_MS = 10_000;

interface Held {
  interaction: Interaction;
  at: number;
  arrivedAt: number;
}

export class InteractionIntake {
  // Interactions that arrive between READY and the dispatcher are held, not dropped: discord.js
  // drops an event no listener hears and Discord never sends it again, and start-up awaits the
  // database in between (a write per server present; far longer on PostgreSQL, where the
  // manager's "ready" came first and the first clicks after a restart went unanswered).
  private readonly early: Held[] = [];
  /** Standing by to take over: what the serving process answers (or lets time out) is not kept. */
  standingBy = false;
  /** Handlers run concurrently; tracked so shutdown (and tests) can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** The interactions taken lately, oldest first, for the hand-over on stop. */
  private readonly answered: { id: string; arrivedAt: number }[] = [];
  /** When each interaction arrived (the bot's clock), for its token's lifetime. */
  private readonly received = new WeakMap<object, number>();
  private readonly hold = (interaction: Interaction): void => {
    const arrivedAt = performance.now();
    const early = this.early;
    while (this.standingBy && early.length > 0 && arrivedAt - early[0]!.arrivedAt > STANDBY_HOLD_MS) early.shift();
    early.push({ interaction, at: this.now(), arrivedAt });
  };

  constructor(
    private readonly client: Client,
    private readonly now: () => number,
    private readonly metrics?: Metrics,
  ) {
    client.on(Events.InteractionCreate, this.hold);
  }

  /** How long ago (the bot's clock) an interaction arrived; 0 for one not taken here. */
  ageOf(interaction: object): number {
    return this.now() - (this.received.get(interaction) ?? this.now());
  }

  /** From now on every interaction goes to the dispatcher, the held ones first (but those answered before). */
  serve(ctx: CommandContext, answeredBefore: ReadonlySet<string>): void {
    this.client.off(Events.InteractionCreate, this.hold);
    this.client.on(Events.InteractionCreate, (interaction) => this.handle(interaction, ctx));
    for (const held of this.early.splice(0)) {
      if (!answeredBefore.has(held.interaction.id)) this.handle(held.interaction, ctx, held.at, held.arrivedAt);
    }
  }

  private handle(interaction: Interaction, ctx: CommandContext, at = this.now(), arrivedAt = performance.now()): void {
    this.received.set(interaction, at);
    const answered = this.answered;
    while (answered.length > 0 && arrivedAt - answered[0]!.arrivedAt > ANSWERED_KEPT_MS) answered.shift();
    answered.push({ id: interaction.id, arrivedAt });
    let failed = false;
    const handled = dispatch(interaction, ctx, () => (failed = true)).finally(() => {
      this.inFlight.delete(handled);
      if (this.metrics) countInteraction(this.metrics, interaction, failed, arrivedAt);
    });
    this.inFlight.add(handled);
  }

  /** Takes no more interactions; resolves to the ids answered lately, for the hand-over. */
  close(): string[] {
    this.client.removeAllListeners(Events.InteractionCreate);
    return this.answered.map((a) => a.id);
  }

  /** Resolves once every interaction received so far is fully handled. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  busy(): boolean {
    return this.inFlight.size > 0;
  }
}
