// Who is in a private thread, as Discord tells a bot without the privileged GUILD_MEMBERS intent:
// Get Thread Member (GET /channels/{thread.id}/thread-members/{user.id}) answers for one person, a
// thread member or a 404 (resources/channel.mdx), where the list of members needs the intent; and
// the gateway tells the bot of nobody's joining or leaving but its own (topics/threads.mdx,
// "Syncing for other users"). So each answer is asked for, and kept a minute: a thread's members
// change rarely, and history, stats and autocomplete ask about the same threads again and again
// (a minute is also how long someone who left may still be counted in). A request that fails
// otherwise (Discord unreachable, the thread gone) is kept by nobody and counts as "no".
import type { ThreadChannel } from 'discord.js';
import { DISCORD, discordCode } from '../chat/discordErrors.js';

/** How long an answer is kept. */
const KEPT_MS = 60_000;
/** At most this many answers are kept; the oldest go first. */
const MOST_KEPT = 10_000;

export class ThreadMembers {
  /** Answers by thread and user, with when each stops counting; one being asked for is kept as its promise. */
  private readonly kept = new Map<string, { member: Promise<boolean>; until: number }>();

  constructor(private readonly now: () => number) {}

  /** Whether `userId` is a member of the private thread. */
  has(thread: ThreadChannel, userId: string): Promise<boolean> {
    const key = `${thread.id}:${userId}`;
    const known = this.kept.get(key);
    if (known && known.until > this.now()) return known.member;
    this.kept.delete(key);
    if (this.kept.size >= MOST_KEPT) this.kept.delete(this.kept.keys().next().value!);
    const member = thread.members.fetch({ member: userId, cache: false, force: true }).then(
      () => true,
      (err: unknown) => {
        if (discordCode(err) !== DISCORD.unknownMember) this.kept.delete(key);
        return false;
      },
    );
    this.kept.set(key, { member, until: this.now() + KEPT_MS });
    return member;
  }
}
