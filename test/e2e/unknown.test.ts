// Interactions that are not ours (a command left registered by an older version, a select menu,
// a modal, an autocomplete) each get exactly one answer, so Discord never shows "The application
// did not respond".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snowflake } from './fake/fakeDiscord.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const command = (name: string, options: unknown[] = [], type = 1): Record<string, unknown> => ({
  type: 2,
  data: { id: snowflake(), name, type, options },
});

describe('interactions the bot does not know', () => {
  it.each([
    ['a command left registered by an older version', command('duel')],
    ['an unknown /senet subcommand', command('senet', [{ type: 1, name: 'puzzle', options: [] }])],
    [
      'a user context-menu command',
      (() => {
        const target = { id: snowflake(), username: 'Cleo', global_name: 'Cleo', discriminator: '0', avatar: null };
        return {
          type: 2,
          data: {
            id: snowflake(),
            name: 'Play Senet',
            type: 2,
            target_id: target.id,
            resolved: { users: { [target.id]: target } },
          },
        };
      })(),
    ],
    [
      'a modal submission',
      { type: 5, data: { custom_id: 'senet:feedback', components: [{ type: 1, components: [] }] } },
    ],
  ])('%s gets one private answer', async (_, body) => {
    const before = h.fake.requests.filter((r) => r.path.includes('/callback')).length;
    const reply = await h.fake.interact(h.ana, body);
    await h.settle();
    expect(reply.ephemeral).toBe(true);
    expect(String(reply.data?.content)).toMatch(/do not know this command/);
    expect(h.fake.requests.filter((r) => r.path.includes('/callback')).length).toBe(before + 1);
  });

  it('a select menu on one of our messages gets one private answer and changes nothing', async () => {
    const posted = await h.slash(h.ana, 'rules');
    const messageId = posted.message!.id;
    const reply = await h.fake.interact(
      h.ana,
      {
        type: 3,
        data: { custom_id: 'senet:pick', component_type: 3, values: ['x'] },
        message: h.fake.messageJson(h.fake.messages.get(messageId)!),
      },
      messageId,
    );
    await h.settle();
    expect(reply.ephemeral).toBe(true);
    expect(h.fake.messages.get(messageId)!.edits).toBe(0);
  });

  it('an autocomplete request is answered with no suggestions', async () => {
    const reply = await h.fake.interact(h.ana, {
      type: 4,
      data: {
        id: snowflake(),
        name: 'senet',
        type: 1,
        options: [{ type: 1, name: 'play', options: [{ type: 3, name: 'rules', value: 'ke', focused: true }] }],
      },
    });
    await h.settle();
    expect(reply.type).toBe(8); // APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    expect(reply.data).toEqual({ choices: [] });
  });
});

describe('answers that echo what a user typed', () => {
  const long = 'x'.repeat(6000);
  it.each([
    ['/senet rules', 'rules'],
    ['/senet play', 'play'],
    ['/senet leaderboard', 'leaderboard'],
    ['/senet challenge', 'challenge'],
  ])('%s with a 6,000-character rule name: one short private answer', async (_, subcommand) => {
    h.fake.channelId = snowflake();
    const options = [{ name: 'rules', type: 3, value: long }];
    if (subcommand === 'challenge') options.push({ name: 'opponent', type: 6, value: h.ben.id });
    const reply = await h.fake.slash(h.ana, subcommand, options, [h.ben]);
    await h.settle();
    expect(reply.ephemeral).toBe(true);
    const content = String(reply.data?.content);
    expect(content).toMatch(/^Unknown rules "x+…"\.$/);
    expect(content.length).toBeLessThanOrEqual(2000);
  });
});
