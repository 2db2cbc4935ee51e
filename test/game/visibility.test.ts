// The visibility rule as plain data: who may see a game, and where it may be shown.
import { describe, expect, it } from 'vitest';
import { type PlacedGame, type Viewer, listsArePrivate, mayShowHere, mayView } from '../../src/game/visibility.js';

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
  it('a server game: members who can view its channel, whoever played it', () => {
    expect(mayView(inServer(CLEO, ['general', 'staff']), staffGame)).toBe(true);
    expect(mayView(inServer(CLEO, ['general']), staffGame)).toBe(false);
    expect(mayView(inServer(ANA, ['general']), staffGame)).toBe(false); // a player who lost access
    expect(mayView({ ...inServer(ANA, ['staff']), guildId: 'g2' }, staffGame)).toBe(false);
    expect(mayView(outside(ANA, 'dm-ana-ben'), staffGame)).toBe(false);
    expect(mayShowHere(inServer(CLEO, ['general', 'staff']), staffGame)).toBe(true);
  });

  it('a game outside servers: its two players, shown only where played or in their DM with the bot', () => {
    expect(mayView(outside(CLEO, 'dm-ana-ben'), dmGame)).toBe(false);
    expect(mayView(inServer(ANA, ['staff']), dmGame)).toBe(false);
    expect(mayView(outside(BEN, 'group'), dmGame)).toBe(true);
    expect(mayShowHere(outside(BEN, 'group'), dmGame)).toBe(false);
    expect(mayShowHere(outside(BEN, 'dm-ana-ben'), dmGame)).toBe(true);
    expect(mayShowHere(outside(BEN, 'bot-dm', true), dmGame)).toBe(true);
  });

  it('lists of games outside servers are private to the asker, except in the DM with the bot', () => {
    expect(listsArePrivate(outside(ANA, 'group'))).toBe(true);
    expect(listsArePrivate(outside(ANA, 'bot-dm', true))).toBe(false);
    expect(listsArePrivate(inServer(ANA, []))).toBe(false);
  });
});
