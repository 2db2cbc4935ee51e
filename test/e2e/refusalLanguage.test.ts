// A refusal is said in the language of the user who clicked or typed, whatever the server's: the
// expected words come from the catalog (a key lookup), so this holds before the German catalog is
// filled (English fallback) and after it.
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/index.js';
import { ALL_PERMISSIONS, type InteractionReply } from './fake/fakeDiscord.js';
import { actButtons, assertReplyOk, boardOf, challengeAs, harnessForFile, toActName, userNamed } from './harness.js';

const h = harnessForFile();

const EPHEMERAL = 64;

function privately(reply: InteractionReply): string {
  expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
  return String(reply.data?.content);
}

describe('refusals in the reader’s language', () => {
  it('tells a German-speaking player in an English server that it is not their turn, in German', async () => {
    const made = await challengeAs(h, h.ana, h.ben);
    assertReplyOk(made, h);
    const challengeId = made.message!.id;
    assertReplyOk(await h.click(h.ben, challengeId, h.fake.buttons(challengeId)[0]!.custom_id!), h);
    const board = boardOf(h, challengeId);
    const mover = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
    const waiting = mover === h.ana ? h.ben : h.ana;
    h.fake.userLocales.set(waiting.id, 'de');
    const reply = await h.click(waiting, board, actButtons(h, board)[0]!.custom_id!);
    expect(privately(reply)).toBe(translate('de', 'error.notYourTurn', { name: mover.global_name }));
  });

  it('names the missing permission in the reader’s language', async () => {
    h.fake.userLocales.set(h.ana.id, 'de');
    h.fake.appPermissions = (BigInt(ALL_PERMISSIONS) & ~(1n << 15n)).toString(); // no Attach Files
    try {
      const reply = await h.slash(h.ana, 'play');
      const names = translate('de', 'permission.attachFiles');
      expect(privately(reply)).toBe(translate('de', 'permission.missing', { names, count: 1, after: 'none' }));
    } finally {
      h.fake.appPermissions = ALL_PERMISSIONS;
    }
  });
});
