// The /senet command's subcommands (definition.ts deploys it), each declared beside its handler
// with what it needs; registry.ts finds them by name and checks those needs.
import { helpSubcommand, historySubcommand, leaderboardSubcommand, rulesSubcommand, statsSubcommand } from './info.js';
import { challengeSubcommand, playSubcommand, resignSubcommand } from './startAndResign.js';
import { settingsSubcommand } from './playerSettings.js';
import type { Subcommand } from './declarations.js';
import { privacySubcommand } from './privacy.js';
import { replaySubcommand } from './replay.js';
import { tournamentSubcommand } from './tournamentInfo.js';
import { verifySubcommand } from './verify.js';

export const SENET_SUBCOMMANDS: readonly Subcommand[] = [
  challengeSubcommand,
  playSubcommand,
  resignSubcommand,
  replaySubcommand,
  verifySubcommand,
  rulesSubcommand,
  leaderboardSubcommand,
  statsSubcommand,
  historySubcommand,
  settingsSubcommand,
  privacySubcommand,
  tournamentSubcommand,
  helpSubcommand,
];
