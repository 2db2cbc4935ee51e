// /senet rules, leaderboard, stats, history and help in words: every rule set's summary and
// special squares have their messages (the English being the rule set's own reference text), and
// the English lines read as they did before the catalogs.
import { describe, expect, it } from 'vitest';
import { historyLine, helpText, leaderboardLine, rulesList, rulesText, statsText } from '../../src/commands/info.js';
import { rulesetSummary, rulesetTitle, squareRuleKey } from '../../src/commands/rulesetWords.js';
import { RULESETS, RULESET_IDS, defaultOptions, rulesOf } from '../../src/engine/index.js';
import { OFFERED_STRENGTHS } from '../../src/game/strengths.js';
import type { HistoryEntry, PlayerStats } from '../../src/game/types.js';
import { catalog, LOCALES, translator, userText } from '../../src/i18n/index.js';

const en = translator('en');

describe.each(RULESET_IDS)('the %s rule set in words', (id) => {
  const rules = rulesOf({ ruleset: id, options: defaultOptions(id) });

  it('has its summary, in English the rule set’s own', () => {
    expect(rulesetSummary(en, id)).toBe(RULESETS[id].summary);
  });

  it.each(Object.keys(rules.squares).map(Number))('says what square %i does, in English as the rule set does', (n) => {
    expect(catalog('en')).toHaveProperty([squareRuleKey(id, n)]);
    expect(en(squareRuleKey(id, n))).toBe(rules.squares[n]!.rule);
  });

  it('explains itself with its pawns, every special square and where the full rules are', () => {
    const said = rulesText(en, id);
    expect(said).toContain(`**${RULESETS[id].title}**: ${RULESETS[id].summary}`);
    expect(said).toContain(`${rules.pawns} pawns each.`);
    for (const [n, square] of Object.entries(rules.squares))
      expect(said).toContain(`• **${n}: ${square.name}** ${square.glyph}: ${square.rule}`);
    expect(said).toContain(`\`docs/rules/${id}.md\``);
  });

  it.each(LOCALES)('explains itself in %s, titled in that language, with every special square', (locale) => {
    const t = translator(locale);
    const said = rulesText(t, id);
    expect(said).toContain(rulesetTitle(t, id));
    // The picture's words (reels, cones, off) are explained, and the message stays within Discord's 2000 characters.
    expect(said).toContain(t('rulesInfo.pieces'));
    expect(said.length).toBeLessThanOrEqual(2000);
    for (const n of Object.keys(rules.squares)) expect(said).toContain(t(squareRuleKey(id, Number(n))));
  });
});

describe('the answers in English', () => {
  it('list the rule sets', () => {
    const list = rulesList(en).split('\n');
    expect(list[0]).toBe('**Senet rule sets**');
    expect(list).toContain(`• **Kendall** (\`kendall\`): ${RULESETS.kendall.summary}`);
    expect(list).toContain('Use `/senet rules rules:<name>` for one of them.');
    expect(list).toHaveLength(RULESET_IDS.length + 3);
  });

  it('rank a leaderboard line', () => {
    const player = { id: '1', name: userText('Ana') };
    const entry = { rank: 2, player, rating: 1530, games: 4, wins: 3, losses: 1, provisional: true };
    expect(leaderboardLine(en, entry)).toBe('2. **Ana** 1530? · 3 won, 1 lost');
    expect(leaderboardLine(en, { ...entry, provisional: false })).toBe('2. **Ana** 1530 · 3 won, 1 lost');
    expect(leaderboardLine(en, { ...entry, rating: null })).toBe('2. **Ana** unrated · 3 won, 1 lost');
  });

  it('tell a history line how a game ended, keeping the Discord timestamp', () => {
    const game: HistoryEntry = {
      gameId: 7,
      opponent: { id: '2', name: userText('Ben') },
      vsBot: false,
      ruleset: 'kendall',
      result: 'won',
      reason: 'won',
      score: null,
      rated: true,
      finishedAt: 1_700_000_000_500,
    };
    expect(historyLine(en, game)).toBe('• <t:1700000000:d> won vs Ben · Kendall');
    expect(
      historyLine(en, {
        ...game,
        result: 'lost',
        vsBot: true,
        reason: 'resigned',
        ruleset: 'regency',
        score: 12,
        rated: false,
      }),
    ).toBe('• <t:1700000000:d> lost vs Ben (bot) by resignation (12 pts) · Regency, unrated');
    expect(historyLine(en, { ...game, reason: 'timeout', score: 1 })).toBe(
      '• <t:1700000000:d> won vs Ben on time (1 pt) · Kendall',
    );
  });

  it('sum up a player’s stats', () => {
    const record = { games: 1, wins: 1, losses: 0, winRate: 1 };
    const stats: PlayerStats = {
      player: { id: '1', name: userText('Ana') },
      season: 2,
      totalsOnly: false,
      rating: 1510,
      provisional: true,
      seasonRecord: record,
      total: { games: 4, wins: 3, losses: 1, winRate: 0.75 },
      byRuleset: [{ ruleset: 'dancers', games: 4, wins: 3, losses: 1, winRate: 0.75 }],
      vsBot: { games: 2, wins: 2, losses: 0, winRate: 1 },
      streak: { result: 'won', length: 3 },
      ratingHistory: [],
    };
    expect(statsText(en, userText('Ana'), stats).split('\n')).toEqual([
      '**Ana** · season 2 rating 1510 (provisional) · 1 rated game this season: 1 won, 0 lost',
      'All time: 4 games: 3 won, 1 lost (75%)',
      '• Dancers: 3–1',
      'Against the bot: 2–0',
      'Streak: 3 won in a row',
    ]);
    const none = statsText(en, userText('Ana'), {
      ...stats,
      rating: null,
      seasonRecord: { ...record, games: 0, wins: 0 },
    });
    expect(none.split('\n')[0]).toBe('**Ana** · season 2 rating none yet · 0 rated games this season: 0 won, 0 lost');
    // Someone else's outside servers: the totals alone.
    expect(statsText(en, userText('Ana'), { ...stats, totalsOnly: true }).split('\n')).toEqual([
      '**Ana**',
      'All time: 4 games: 3 won, 1 lost (75%)',
    ]);
  });

  it('help names every strength a player may pick', () => {
    const help = helpText('en');
    expect(help).toMatch(/^\*\*Senet\*\*, the board game of ancient Egypt/);
    expect(help).toContain(`\`strength:\` ${OFFERED_STRENGTHS.join(', ')}.`);
  });
});
