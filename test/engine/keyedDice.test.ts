// Keyed dice: throws from the game's secret by the documented construction (a fixed test vector,
// and an HMAC computed here independently), deterministic for replays, and a state that carries
// no generator and a record that never prints its secret.
import { createHash, createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameState,
  applyAction,
  legalActions,
  newGame,
  replay,
  replaySteps,
  throwList,
} from '../../src/engine/index.js';
import { DiceSecret, shortCommitment } from '../../src/engine/keyedDice.js';
import { unwrap } from '../../src/lib/result.js';

/** The bytes 00, 01, …, 1f: the secret of the test vector. */
const VECTOR_HEX = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
const vector = DiceSecret.fromHex(VECTOR_HEX)!;

/** The construction as docs/players.md states it, with Node's crypto and nothing of the engine. */
const documentedSticks = (secretHex: string, number: number): number =>
  parseInt(
    createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`senet dice v1 throw ${number}`).digest('hex')[0]!,
    16,
  );

/** Plays `count` actions, always the last legal one (a throw whenever one is allowed). */
function play(start: GameState, count: number, key: DiceSecret): { state: GameState; actions: Action[] } {
  let state = start;
  const actions: Action[] = [];
  for (let n = 0; n < count && state.phase !== 'over'; n++) {
    const action = legalActions(state).at(-1)!;
    actions.push(action);
    state = unwrap(applyAction(state, action, { key })).state;
  }
  return { state, actions };
}

describe('keyed dice', () => {
  it('throw by the documented construction: a fixed test vector', () => {
    // Checked by hand too: printf 'senet dice v1 throw 1' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<secret>
    expect(Array.from({ length: 12 }, (_, k) => vector.sticksOf(k + 1))).toEqual([
      15, 13, 1, 10, 11, 0, 13, 3, 14, 1, 13, 1,
    ]);
    expect(vector.commitment()).toBe('fcfae49f10c60b699ae2994d10d3de6f2109bc7c7028c087e944edea9bcc46c0');
    expect(shortCommitment(vector.commitment())).toBe('fcfae49f10c60b69');
    expect(vector.numberFor('seats')).toBe(789980258);
  });

  it('match an independent HMAC-SHA-256 for any secret, and the commitment is SHA-256 of the tagged secret', () => {
    const secret = DiceSecret.random();
    const hex = secret.hex();
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    for (let n = 1; n <= 200; n++) expect(secret.sticksOf(n)).toBe(documentedSticks(hex, n));
    expect(secret.commitment()).toBe(createHash('sha256').update(`senet dice v1 commitment ${hex}`).digest('hex'));
    expect(DiceSecret.fromHex(hex.toUpperCase())!.hex()).toBe(hex);
    expect(DiceSecret.fromHex('abc')).toBeNull();
  });

  it('give 256-bit secrets that differ every time', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => DiceSecret.random().hex()));
    expect(secrets.size).toBe(100);
  });

  it('play the same game again from the same secret, and a replay needs only the throws made', () => {
    const secret = DiceSecret.counting(5)();
    const start = unwrap(newGame('kendall', {}, 'keyed'));
    const once = play(start, 120, secret);
    const again = play(start, 120, DiceSecret.fromHex(secret.hex())!);
    expect(again).toEqual(once);
    const throws = once.actions.filter((a) => a.type === 'throw').length;
    expect(once.state.thrown).toBe(throws);
    const sticks = Array.from({ length: throws }, (_, k) => secret.sticksOf(k + 1));
    const record = { ruleset: 'kendall', options: {}, seed: 0, sticks, actions: once.actions };
    expect(unwrap(replay(record))).toEqual(once.state);
    const steps = unwrap(replaySteps(record)).steps;
    expect(steps.at(-1)!.after).toEqual(once.state);
    // Each throw event shows the secret's sticks for that throw's number.
    const thrown = steps.flatMap((s) => s.events.flatMap((e) => (e.type === 'throw' ? [e.throw.sticks] : [])));
    expect(thrown).toEqual(sticks);
  });

  it('keep no generator in the state: only the count of throws, from which the next throw cannot follow', () => {
    const secret = DiceSecret.counting(9)();
    const { state } = play(unwrap(newGame('pennsic', {}, 'keyed')), 40, secret);
    expect(state).not.toHaveProperty('rng');
    expect(Object.keys(state)).toContain('thrown');
    expect(JSON.stringify(state)).not.toContain(secret.hex());
    // The same state under two secrets throws differently: the state alone does not decide.
    const [a, b] = [secret, DiceSecret.counting(10)()].map((key) =>
      Array.from({ length: 8 }, (_, k) => key.sticksOf(state.thrown! + k + 1)),
    );
    expect(a).not.toEqual(b);
  });

  it('cannot throw without the key: a caller that forgets it is a bug, not a player error', () => {
    const state = unwrap(newGame('dancers', {}, 'keyed'));
    expect(() => applyAction(state, { type: 'throw' })).toThrow("keyed dice cannot throw without the game's key");
    expect(() =>
      replay({ ruleset: 'dancers', options: {}, seed: 0, sticks: [], actions: [{ type: 'throw' }] }),
    ).toThrow(RangeError);
    expect(throwList([3]).sticksOf(1)).toBe(3);
  });

  it('never print the secret: JSON, inspection, strings and a copy to another thread show none of it', () => {
    const secret = DiceSecret.random();
    const record = { id: 7, diceSecret: secret };
    expect(JSON.stringify(record)).toBe('{"id":7,"diceSecret":"[dice secret]"}');
    expect(inspect(record)).not.toContain(secret.hex());
    expect(`${String(secret)}`).toBe('[dice secret]');
    expect(JSON.stringify(structuredClone(record))).not.toContain(secret.hex());
  });
});
