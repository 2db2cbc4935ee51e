// The visibility rule as plain data: who may see a game, and where it may be shown.
import { describe, expect, it } from 'vitest';
import {
  type PlacedGame,
  type Viewer,
  isHere,
  listsArePrivate,
  mayShowHere,
  mayView,
  totalsOnly,
  viewable,
} from '../../src/game/visibility.js';

const ANA = 'ana';
const BEN = 'ben';
const CLEO = 'cleo';

const inServer = (userId: string, visible: string[]): Viewer => ({
  userId,
  guildId: 'g1',
  channelId: 'general',
  alone: false,
  canViewChannel: (id) => visible.includes(id),
});
const outside = (userId: string, channelId: string, alone = false): Viewer => ({
  userId,
  guildId: '',
  channelId,
  alone,
  canViewChannel: () => {
    throw new Error('never asked outside servers');
  },
});

const staffGame: PlacedGame = { guildId: 'g1', channelId: 'staff', seats: { W: ANA, B: BEN } };
const dmGame: PlacedGame = { guildId: '', channelId: 'dm-ana-ben', seats: { W: ANA, B: BEN } };

describe('the visibility rule', () => {
  it('a server game: members who can view its channel, whoever played it', async () => {
    expect(await mayView(inServer(CLEO, ['general', 'staff']), staffGame)).toBe(true);
    expect(await mayView(inServer(CLEO, ['general']), staffGame)).toBe(false);
    expect(await mayView(inServer(ANA, ['general']), staffGame)).toBe(false); // a player who lost access
    expect(await mayView({ ...inServer(ANA, ['staff']), guildId: 'g2' }, staffGame)).toBe(false);
    expect(await mayView(outside(ANA, 'dm-ana-ben'), staffGame)).toBe(false);
    expect(await mayShowHere(inServer(CLEO, ['general', 'staff']), staffGame)).toBe(true);
  });

  it('a game outside servers: its two players, shown only where played or in their DM with the bot', async () => {
    expect(await mayView(outside(CLEO, 'dm-ana-ben'), dmGame)).toBe(false);
    expect(await mayView(inServer(ANA, ['staff']), dmGame)).toBe(false);
    expect(await mayView(outside(BEN, 'group'), dmGame)).toBe(true);
    expect(await mayShowHere(outside(BEN, 'group'), dmGame)).toBe(false);
    expect(await mayShowHere(outside(BEN, 'dm-ana-ben'), dmGame)).toBe(true);
    expect(await mayShowHere(outside(BEN, 'bot-dm', true), dmGame)).toBe(true);
  });

  it('lists of games outside servers are private to the asker, except in the DM with the bot', () => {
    expect(listsArePrivate(outside(ANA, 'group'))).toBe(true);
    expect(listsArePrivate(outside(ANA, 'bot-dm', true))).toBe(false);
    expect(listsArePrivate(inServer(ANA, []))).toBe(false);
  });

  it('asks about each channel once per list, and may wait for the answer (a private thread asks Discord)', async () => {
    const asked: string[] = [];
    const viewer: Viewer = {
      ...inServer(CLEO, []),
      canViewChannel: (id) => {
        asked.push(id);
        return Promise.resolve(id === 'thread');
      },
    };
    const games = ['staff', 'thread', 'staff', 'thread'].map((channelId, i) => ({ ...staffGame, channelId, id: i }));
    expect((await viewable(viewer, [...games, dmGame])).map((g) => g.channelId)).toEqual(['thread', 'thread']);
    expect(asked.sort()).toEqual(['staff', 'thread']);
  });

  it('someone else outside servers: totals only; in a server, or one’s own, everything seen', () => {
    expect(totalsOnly(outside(CLEO, 'group'), ANA)).toBe(true);
    expect(totalsOnly(outside(ANA, 'group'), ANA)).toBe(false);
    expect(totalsOnly(inServer(CLEO, []), ANA)).toBe(false);
  });

  it('a button is where its game is: the game’s channel or its own thread, nowhere else', () => {
    const game = { channelId: 'general', threadId: 'game-thread' };
    expect(isHere('general', game)).toBe(true);
    expect(isHere('game-thread', game)).toBe(true);
    expect(isHere('staff', game)).toBe(false);
    expect(isHere('', { channelId: 'general', threadId: null })).toBe(false);
  });
});
