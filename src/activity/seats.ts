// The live board's lobby on the server (docs/activity.md#what-players-see): the tables of an
// activity instance, and the games its pages start.
//
// A table is someone in the instance waiting for a second player, with the rule set they chose
// (or, after a game, its rematch, for its other player only). It is a wish, not a game: it lives in
// this process's memory while its host has a page in the instance, and goes with their last page
// (its socket closed, or its heartbeat stopped: liveServer.ts). Once someone sits, the game is made
// by the service calls the chat makes: the sitter's challenge (or Rematch) and the host's Accept,
// or `/senet play` against the computer. So it is a game like any other, with the same refusals
// (who may play where, live games per player, the creation budget), its chat message (posted by the
// bot: src/bot/serveLiveBoard.ts), ratings, seasons and turn timeouts; its seats are the game's own, and
// a page that reconnects finds them there.
import { type RuleSetId, isRuleSetId } from '../engine/index.js';
import type { LiveGame } from '../game/liveBoard.js';
import {
  type ChallengeMade,
  type GameView,
  type KnownPlayer,
  type Outcome,
  type SeenPlayer,
  type Player,
  type ServiceError,
  ok,
} from '../game/types.js';
import type { GameService } from '../game/service.js';
import { offeredStrength } from '../game/strengths.js';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../i18n/index.js';
import type { ActivityInstance } from './discordSignIn.js';
import type { Lobby, Table } from './protocol.js';
import type { Session } from './sessions.js';
import type { Viewer } from '../game/visibility.js';

/** A page as the lobby sees it (pageConnection.ts). */
export interface SeatedPage {
  /** Who signed the page in, and where; null before its hello. */
  readonly session: Session | null;
  /** Shows a game on the page, as its `open` would, and watches it from now on. */
  openGame(gameId: number): Promise<void>;
  /** Sends the page its lobby as it stands now. */
  sendLobby(): Promise<void>;
}

/** A page signed in, in its instance as Discord last said. */
export interface Here {
  session: Session;
  instance: ActivityInstance;
}

/**
 * Why a seat was not taken or a game not started: the service's refusal (said to the user in
 * their words, as a click's is), or the protocol's own code for what no honest page sends.
 */
export type SeatRefusal = ServiceError | { code: 'invalid' | 'no-seat' };

interface SeatsOptions {
  service: GameService;
  /** The bot, as the chat's `/senet play` names it: a game against the computer is a challenge to it. */
  computer: SeenPlayer;
  /** Whether the bot posts in a server's channels (null: a DM or group DM); elsewhere games are played on the live board only. */
  postsIn: (guildId: string | null) => Promise<boolean>;
  /** A game started here: the chat posts its board (where the bot posts) and the computer plays its turn. */
  started: (view: GameView) => void;
}

/** A table as kept (its host's page is in the instance), with its host as the challenge records them. */
interface OpenTable {
  shown: Table & { ruleset: RuleSetId };
  host: SeenPlayer | KnownPlayer;
}

export class Seats {
  /** By instance, then by host: one table per person. */
  private readonly tables = new Map<string, Map<string, OpenTable>>();
  private readonly pages = new Map<string, Set<SeatedPage>>();

  constructor(private readonly options: SeatsOptions) {}

  /** A signed-in page joins its instance's lobby. */
  join(page: SeatedPage): void {
    const instanceId = page.session?.instanceId;
    if (instanceId === undefined) return;
    const set = this.pages.get(instanceId) ?? new Set();
    set.add(page);
    this.pages.set(instanceId, set);
  }

  /** A page gone: its user's table goes with their last page in the instance. */
  leave(page: SeatedPage): void {
    const session = page.session;
    const set = session && this.pages.get(session.instanceId);
    if (!session || !set?.delete(page)) return;
    if (set.size === 0) this.pages.delete(session.instanceId);
    const stays = [...set].some((other) => other.session?.userId === session.userId);
    if (!stays && this.tables.get(session.instanceId)?.delete(session.userId)) this.refresh(session.instanceId);
  }

  /** The lobby a page in `here` is shown, `viewer` being what it may see (visibility.ts). */
  async lobby({ session, instance }: Here, viewer: Viewer): Promise<Lobby> {
    const { live, recent } = await this.options.service.liveBoard.lobby(viewer);
    const tables = [...(this.tables.get(session.instanceId)?.values() ?? [])].map((table) => table.shown);
    return { games: live, recent, tables, liveOnly: !(await this.options.postsIn(instance.guildId)) };
  }

  /**
   * A new game from the lobby: against the computer at `strength` (started at once, as
   * `/senet play`), or (strength null) a table for someone else in the instance to sit at.
   */
  async start(here: Here, ruleset: string, strength: string | null): Promise<SeatRefusal | null> {
    if (!isRuleSetId(ruleset)) return { code: 'invalid' };
    const { service } = this.options;
    const { session } = here;
    const place = await this.place(here);
    if (strength === null) {
      const named = await service.liveBoard.player(session.userId, place.guildId);
      const shown = { host: named, ruleset, forId: null, rematchOf: null };
      this.tableSet(session.instanceId).set(session.userId, { shown, host: this.personOf(session, named) });
      this.refresh(session.instanceId);
      return null;
    }
    const level = offeredStrength(strength);
    if (!level) return { code: 'invalid' };
    const made = await service.challenges.create({
      ...place,
      challenger: this.personOf(session, await service.liveBoard.player(session.userId, place.guildId)),
      opponent: this.options.computer,
      variant: { ruleset, options: {} },
      strength: level,
    });
    return await this.begin(here, made);
  }

  /**
   * Takes the other seat at `hostId`'s table: the sitter challenges the host (the refusals then
   * speak to the sitter of themselves, and of the host by name) and the host, who asked for the
   * game by opening the table, accepts. A table that is not there, the sitter's own, or kept for
   * someone else is no seat: nothing changes.
   */
  async sit(here: Here, hostId: string): Promise<SeatRefusal | null> {
    const { session, instance } = here;
    const tables = this.tables.get(session.instanceId);
    const table = tables?.get(hostId);
    if (!tables || !table || hostId === session.userId) return { code: 'no-seat' };
    if (table.shown.forId !== null && table.shown.forId !== session.userId) return { code: 'no-seat' };
    // Taken now, before anything is awaited: a second sitter finds no seat.
    tables.delete(hostId);
    if (!instance.users.has(hostId)) {
      this.refresh(session.instanceId); // its host left the instance: the table goes
      return { code: 'no-seat' };
    }
    const { service } = this.options;
    const { rematchOf, ruleset } = table.shown;
    const place = await this.place(here);
    const made =
      rematchOf === null
        ? await service.challenges.create({
            ...place,
            challenger: this.personOf(session, await service.liveBoard.player(session.userId, place.guildId)),
            opponent: table.host,
            variant: { ruleset, options: {} },
          })
        : await service.challenges.rematch({
            gameId: rematchOf,
            userId: session.userId,
            channelId: instance.channelId,
          });
    if (!made.ok || made.value.kind === 'game') {
      if (!made.ok) this.putBack(session.instanceId, hostId, table);
      return await this.begin(here, made);
    }
    const { challengeId } = made.value.challenge;
    const accepted = await service.challenges.accept({ challengeId, userId: hostId, where: instance.channelId });
    if (!accepted.ok) {
      // Not started (the host reached the cap meanwhile, say): the challenge goes too, the table stays.
      await service.challenges.withdraw({ challengeId, userId: session.userId });
      this.putBack(session.instanceId, hostId, table);
      return accepted.error;
    }
    return await this.begin(here, ok({ kind: 'game', game: accepted.value }));
  }

  /**
   * A finished game again, with its players and rules, as its Rematch button does: against the
   * computer it starts at once; otherwise its other player finds a table kept for them.
   */
  async rematch(here: Here, game: LiveGame): Promise<SeatRefusal | null> {
    const { session, instance } = here;
    const { service } = this.options;
    const mine = game.players.W.id === session.userId ? 'W' : game.players.B.id === session.userId ? 'B' : null;
    if (game.status !== 'finished' || mine === null) return { code: 'invalid' };
    const other = game.players[mine === 'W' ? 'B' : 'W'].id;
    if (other === this.options.computer.id) {
      const made = await service.challenges.rematch({
        gameId: game.gameId,
        userId: session.userId,
        channelId: instance.channelId,
      });
      return await this.begin(here, made);
    }
    // Both players are stored already, by the names the game was made with.
    const shown = { host: game.players[mine], ruleset: game.state.ruleset, forId: other, rematchOf: game.gameId };
    this.tableSet(session.instanceId).set(session.userId, { shown, host: { id: session.userId } });
    this.refresh(session.instanceId);
    return null;
  }

  /** A game made (or the refusal): the chat is told, its players' pages show it, every page here its lobby. */
  private async begin(here: Here, made: Outcome<ChallengeMade>): Promise<SeatRefusal | null> {
    if (!made.ok) return made.error;
    if (made.value.kind !== 'game') return { code: 'invalid' }; // a challenge to the computer is a game at once
    const view = made.value.game;
    this.options.started(view);
    const seated = new Set([view.players.W.id, view.players.B.id]);
    const pages = [...(this.pages.get(here.session.instanceId) ?? [])];
    for (const page of pages) if (seated.has(page.session?.userId ?? '')) await page.openGame(view.gameId);
    this.refresh(here.session.instanceId);
    return null;
  }

  /** Where a game started in the instance belongs: its channel, and the server whose records and settings it follows. */
  private async place({ session, instance }: Here): Promise<{ guildId: string; channelId: string; locale: Locale }> {
    return {
      guildId: await this.guildOf(instance),
      channelId: instance.channelId,
      // The language its chat message is written in: the language of whoever started it.
      locale: localeOf(session.locale) ?? DEFAULT_LOCALE,
    };
  }

  /** As the chat records it: a server that has the bot, else '' (outside servers, or a server that only user-installed the app). */
  private async guildOf(instance: ActivityInstance): Promise<string> {
    return instance.guildId !== null && (await this.options.postsIn(instance.guildId)) ? instance.guildId : '';
  }

  /**
   * The page's user as the challenge records them: someone the bot knows by id alone (the names it
   * knows stay, a server nickname included); someone new by the name Discord gave at sign-in (a
   * mock sign-in, in tests, gives none: then by their id, as a game shows a player it never saw).
   */
  private personOf(session: Session, known: Player): SeenPlayer | KnownPlayer {
    const isNew = known.name.plain === session.userId;
    return isNew ? { id: session.userId, name: session.name ?? session.userId } : { id: session.userId };
  }

  /** A table whose game did not start goes back, if its host is still here. */
  private putBack(instanceId: string, hostId: string, table: OpenTable): void {
    const hostHere = [...(this.pages.get(instanceId) ?? [])].some((page) => page.session?.userId === hostId);
    if (hostHere) this.tableSet(instanceId).set(hostId, table);
  }

  private tableSet(instanceId: string): Map<string, OpenTable> {
    const set = this.tables.get(instanceId) ?? new Map<string, OpenTable>();
    this.tables.set(instanceId, set);
    return set;
  }

  /** Every page in the instance is sent its lobby again (a table opened or taken, a game started). */
  private refresh(instanceId: string): void {
    for (const page of this.pages.get(instanceId) ?? []) void page.sendLobby();
  }
}
