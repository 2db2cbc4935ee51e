// Who reads what, end to end: a German-speaking player in a French-speaking server. Everything the
// channel sees (challenge, thread, board, buttons, picture's alt text, result, leaderboard) is
// French; everything only the player sees (refusals) is German; no English word anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, catalog, type Locale, translate } from '../../src/i18n/index.js';
import { OPTION, type FakeUser, type InteractionReply } from './fake/fakeDiscord.js';
import { actButtons, assertReplyOk, boardOf, challengeAs, liveGameIn, startHarness, type Harness } from './harness.js';

/** Manage Server, as Discord sends a member's permissions. */
const MANAGE_GUILD = (1n << 5n).toString();

/** The words of a catalog's messages (placeholders and markup left out), lower-cased. */
function wordsOf(locale: Locale): Set<string> {
  const words = new Set<string>();
  for (const message of Object.values(catalog(locale))) {
    const plain = message.replace(/\{[^{}]*\}/g, ' ').replace(/<[^>]*>/g, ' ');
    for (const word of plain.toLowerCase().match(/\p{L}{3,}/gu) ?? []) words.add(word);
  }
  return words;
}

const english = wordsOf('en');
const french = wordsOf('fr');
const german = wordsOf('de');
/** Words only English uses: shared ones (Senet, Kendall, names of rule sets) prove nothing. */
const englishOnly = new Set([...english].filter((w) => !french.has(w) && !german.has(w)));

function wordsIn(text: string): string[] {
  return text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
}

/** The English words in a text, besides the players' names. */
function englishIn(text: string, names: readonly string[]): string[] {
  const skip = new Set(names.map((n) => n.toLowerCase()));
  return wordsIn(text).filter((w) => englishOnly.has(w) && !skip.has(w));
}

/** How many words of the text only `locale` (of en, de, fr) uses. */
function ownWords(text: string, locale: 'fr' | 'de'): number {
  const own = locale === 'fr' ? french : german;
  const others = locale === 'fr' ? [english, german] : [english, french];
  return wordsIn(text).filter((w) => own.has(w) && !others.some((o) => o.has(w))).length;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.fake.guildLocale = 'fr';
});
afterAll(async () => {
  await h?.close();
});

describe('a German-speaking player in a French-speaking server', () => {
  it('reads every public word in French and every private one in German', async () => {
    h.fake.userLocales.set(h.ana.id, 'de');
    h.fake.userLocales.set(h.ben.id, 'de');
    const names = [h.ana.global_name, h.ben.global_name];
    const privately: string[] = [];
    const heard = (reply: InteractionReply): void => {
      const content = reply.data?.content;
      if (reply.ephemeral) privately.push(typeof content === 'string' ? content : '');
    };

    const challenge = await challengeAs(h, h.ana, h.ben);
    assertReplyOk(challenge, h);
    const challengeId = challenge.message!.id;
    // Ana may not accept her own challenge: told so privately, in German.
    const accept = h.fake.buttons(challengeId)[0]!.custom_id!;
    heard(await h.click(h.ana, challengeId, accept));
    assertReplyOk(await h.click(h.ben, challengeId, accept), h);
    const board = boardOf(h, challengeId);

    const { gameId } = await liveGameIn(h, h.fake.channelId);
    let clicks = 0;
    let refusedOnce = false;
    for (; clicks < 3000 && actButtons(h, board).length > 0; clicks++) {
      const live = await h.service.play.view(gameId);
      const mover: FakeUser = live.ok && live.value.toAct?.id === h.ben.id ? h.ben : h.ana;
      const waiting = mover === h.ana ? h.ben : h.ana;
      const button = actButtons(h, board)[0]!.custom_id!;
      if (!refusedOnce) {
        heard(await h.click(waiting, board, button)); // not their turn
        refusedOnce = true;
      }
      const reply = await h.click(mover, board, button);
      assertReplyOk(reply, h);
    }
    expect(actButtons(h, board), 'the game ended').toEqual([]);
    expect(clicks).toBeGreaterThan(10);
    heard(await h.slash(h.ana, 'resign')); // no game left here
    const leaderboard = await h.slash(h.ben, 'leaderboard');
    assertReplyOk(leaderboard, h);

    // Public: every message the bot left in the channel and the thread, its buttons, its pictures' alt texts.
    const publicTexts = [...h.fake.messages.values()].flatMap((m) => [
      m.content,
      ...m.components.flatMap((row) => row.components.map((b) => b.label ?? '')),
      ...m.attachments.map((a) => a.description ?? ''),
    ]);
    publicTexts.push(...[...h.fake.threads.values()].map((t) => t.name));
    for (const text of publicTexts) expect(englishIn(text, names), text).toEqual([]);
    const alt = h.fake.messages.get(board)!.attachments[0]!.description!;
    expect(ownWords(alt, 'fr'), alt).toBeGreaterThanOrEqual(3);
    expect(ownWords(h.fake.messages.get(board)!.content, 'fr')).toBeGreaterThanOrEqual(2);

    // Private: the refusals, each in German.
    expect(privately).toHaveLength(3);
    for (const text of privately) {
      expect(englishIn(text, names), text).toEqual([]);
      expect(ownWords(text, 'de'), text).toBeGreaterThanOrEqual(2);
    }
  });

  it('follows the language the server chose over its Discord language', async () => {
    const admin = h.fake.newUser('Cleo');
    h.fake.memberPermissions.set(admin.id, MANAGE_GUILD);
    const set = await h.fake.command(admin, 'senet-admin', 'settings', [
      { name: 'language', type: OPTION.string, value: 'es' },
    ]);
    await h.settle();
    expect(set.ephemeral).toBe(true);
    const challenge = await challengeAs(h, h.ben, h.ana);
    assertReplyOk(challenge, h);
    expect(h.fake.buttons(challenge.message!.id).map((b) => b.label)).toEqual([
      translate('es', 'button.accept'),
      translate('es', 'button.decline'),
      translate('es', 'button.withdraw'),
    ]);
  });

  it('suggests every language it speaks as the admin types, and refuses a language it does not know', async () => {
    const admin = h.fake.newUser('Dora');
    h.fake.memberPermissions.set(admin.id, MANAGE_GUILD);
    h.fake.userLocales.set(admin.id, 'de');
    const typing = (value: string): Promise<{ name: string; value: string | number }[]> =>
      h.fake.autocomplete(admin, 'settings', { name: 'language', type: OPTION.string, value }, 'senet-admin');

    const all = await typing('');
    expect(all[0]).toEqual({ name: translate('de', 'command.admin.language.auto'), value: 'auto' });
    expect(all[1]).toEqual({ name: 'Deutsch', value: 'de' });
    // Every language the bot speaks, the reader's first, up to Discord's 25 suggestions.
    expect(all.map((c) => c.value)).toEqual(['auto', 'de', ...LOCALES.filter((l) => l !== 'de')].slice(0, 25));
    // Named in itself and in the reader's language, found by either.
    expect(await typing('franz')).toEqual([{ name: 'Français · Französisch', value: 'fr' }]);
    expect(await typing('ESPAÑ')).toEqual([{ name: 'Español · Spanisch', value: 'es' }]);

    const sent = (value: string): Promise<InteractionReply> =>
      h.fake.command(admin, 'senet-admin', 'settings', [{ name: 'language', type: OPTION.string, value }]);
    const unknown = await sent('Klingon');
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.data?.content).toBe(translate('de', 'settings.unknownLanguage'));
    // Typed without picking: a language's own name counts as that language.
    const byName = await sent('português (brasil)');
    expect(String(byName.data?.content)).toContain('Português (Brasil)');
    await h.settle();
    const challenge = await challengeAs(h, admin, h.ana);
    assertReplyOk(challenge, h);
    expect(h.fake.buttons(challenge.message!.id)[0]!.label).toBe(translate('pt-BR', 'button.accept'));
  });

  it('speaks Russian in a server whose Discord language is Russian, with Russian plurals', async () => {
    // Back to the server's own Discord language, which is now Russian.
    const admin = h.fake.newUser('Ivan');
    h.fake.memberPermissions.set(admin.id, MANAGE_GUILD);
    await h.fake.command(admin, 'senet-admin', 'settings', [{ name: 'language', type: OPTION.string, value: 'auto' }]);
    await h.settle();
    h.fake.guildLocale = 'ru';
    const [ru, other] = [h.fake.newUser('Vera'), h.fake.newUser('Gleb')];
    const challenge = await challengeAs(h, ru, other);
    assertReplyOk(challenge, h);
    expect(h.fake.buttons(challenge.message!.id).map((b) => b.label)).toEqual(['Принять', 'Отклонить', 'Отозвать']);
    expect(translate('ru', 'board.extraThrows', { count: 3 })).toBe('3 дополнительных броска');
    h.fake.guildLocale = 'fr';
  });
});
