// What a rule set is: data and a few hooks over the one move-generation core (position.ts).
// Each field is an independent axis along which the five reconstructions differ, in the spirit
// of Ludii's Senet.lud: the throw table, the start, captures, protection, square effects,
// bearing off, what happens when stuck, and the end of the game.
import type { RuleOptions, RuleSetId, Side } from './types.js';
import type { ThrowTable } from './throws.js';

/** What landing on a square by count does to the pawn. */
export type SquareEffect =
  /** The player throws again (dancers 26, traditional 30). */
  | { kind: 'extraThrow' }
  /** The pawn goes on to `square`, or the nearest free square searching up or down the path. */
  | { kind: 'sendTo'; square: number; search: 'up' | 'down' }
  /** The pawn leaves the board and waits to enter again (dancers 27). */
  | { kind: 'drown' }
  /**
   * The House of Waters (kendall, pennsic 27): the pawn stays, extra throws are lost, and while it
   * is there it is the only pawn its side may move: back to `returnTo` instead of throwing (if that
   * square is free), or off the board with `exitThrow`, a release no other rule can bar.
   */
  | { kind: 'water'; returnTo: number; exitThrow: number }
  /** The pawn is removed from the board: borne off (regency 30). */
  | { kind: 'off' };

export interface SquareInfo {
  /** The name the rule set's text gives the square. */
  name: string;
  /** A short glyph or hieroglyph for the board picture. */
  glyph: string;
  /** One sentence a player can follow. */
  rule: string;
  effect?: SquareEffect;
}

/** A read-only view of the board that hooks may consult. Cells: 0 empty, 1 W, 2 B. */
export interface BoardView {
  readonly board: Uint8Array;
  readonly waiting: readonly number[];
}

/** Side codes used on the internal board: 1 = W, 2 = B. */
export type SideCode = 1 | 2;

export interface Rules {
  readonly id: RuleSetId;
  /** The options in force, defaults filled in. */
  readonly options: RuleOptions;
  readonly pawns: number;
  readonly throwTable: ThrowTable;
  /** Throw values that earn another throw. */
  readonly extraThrowOn: readonly number[];
  /** The start: a 30-character board (`W`, `B`, `.`), pawns waiting per side, and who throws first. */
  readonly start: { board: string; waiting: number; first: Side };
  /** A fixed first move made before any throw by `side` (kendall 10→15, pennsic and regency 10→11). */
  readonly opening: { side: Side; from: number; to: number; earnsThrow: boolean } | null;
  /** `side`'s first move must be made with the pawn on `square`, when it has a legal move. */
  readonly firstMover: { side: Side; square: number } | null;
  /** Throws that bring a waiting pawn onto the square of that number (dancers: 4 and 6). */
  readonly enterOn: readonly number[];
  /** A captured pawn swaps places with its attacker, or is removed to wait and enter again. */
  readonly capture: 'swap' | 'remove';
  /** Pawns must land exactly on 26 before going further (the House of Beauty / Happiness). */
  readonly mustLandOn26: boolean;
  /** Two pawns of a side on consecutive squares cannot be attacked. */
  readonly pairsProtect: boolean;
  /** Three pawns of a side on consecutive squares cannot be attacked nor passed by the opponent. */
  readonly threesBlock: boolean;
  /** Squares where a pawn neither gives nor gets protection from a neighbour (pennsic 27-30). */
  readonly noProtectionOn: readonly number[];
  /** Squares where a pawn can never be attacked (dancers 15; regency's refuges). */
  readonly safeSquares: readonly number[];
  /** Squares whose pawn may only leave by bearing off (traditional 28-30, pennsic 28-29). */
  readonly exitOnlyFrom: readonly number[];
  /** With no forward move: move a pawn backward (and lose extra throws), or pass. */
  readonly whenStuck: 'backward' | 'pass';
  /** Whether a pass keeps throws already earned (dancers: a 6 earns a throw whatever happens). */
  readonly passKeepsExtraThrows: boolean;
  /** A player who cannot move offers their throw to the opponent, who may take it or throw (kendall). */
  readonly forfeitOffer: boolean;
  /** Bearing a pawn off earns another throw (dancers). */
  readonly bearOffEarnsThrow: boolean;
  /** The special squares, by number: names for the picture and effects for the core. */
  readonly squares: Readonly<Record<number, SquareInfo>>;

  // Hooks. Each has a plain default in the core; a rule set overrides only what its text says.

  /** May `side`'s pawn on `from` bear off with `value`? Default: exactly, `from + value = 31`. */
  canBearOff?: (view: BoardView, side: SideCode, from: number, value: number) => boolean;
  /** Where a pawn attacked on `square` by a pawn from `from` goes (swap rule sets). Default: `from`. */
  swapDestination?: (view: BoardView, square: number, from: number) => number;
  /** Points the winner scores, from the loser's position. Default: no score. */
  score?: (view: BoardView, loser: SideCode) => number;
}

// ---- A rule set's options ------------------------------------------------------------------
// A rule set declares its options once, here in its own file; the slash command, the option
// parser, game titles and the AI's measured configurations are all derived from that schema.

/** An on/off rule ("safe pairs"). */
export interface FlagSpec {
  readonly kind: 'flag';
  /** The slash-command option that sets it (lowercase, at most 32 characters). */
  readonly slashName: string;
  // What it changes in play, as the command describes it, is in the catalogs
  // (command.ruleOption.<ruleset>.<name>, src/commands/definition.ts): words players read.
  readonly default: boolean;
  /**
   * How a title names the setting when it differs from the default ("no safe pairs", "with
   * variations"): the English reference; players read the catalogs' option words (src/i18n/gameWords.ts).
   */
  readonly words: { readonly on: string; readonly off: string };
}

/** A rule with a few numeric values ("5 or 7 pawns"). */
export interface NumberSpec<V extends number> {
  readonly kind: 'number';
  readonly slashName: string;
  readonly default: V;
  readonly choices: readonly V[];
  /** How a title, and the command's choice, name a value ("7 pawns"): the English reference, as above. */
  readonly words: (value: V) => string;
}

type OptionSpec<V> = [V] extends [boolean] ? FlagSpec : [V] extends [number] ? NumberSpec<V> : never;

/** Every option of a rule set, by the name games store it under. */
export type OptionSchema<O> = { readonly [K in keyof O]-?: OptionSpec<O[K]> };

/** The options of a rule set that has none: nothing may be given. */
export type NoOptions = { readonly [name: string]: never };

/** A named choice of options worth measuring beside the defaults (`kendall-7`). */
interface NotableVariant<O> {
  readonly tag: string;
  readonly options: Partial<O>;
  /** Played in the tournament too, not only in the balance report. */
  readonly tournament: boolean;
}

/** A rule set: its id, the words players see, its options, and how to build the rules in force. */
export interface RuleSet<O extends object> {
  readonly id: RuleSetId;
  /** A short name for menus. */
  readonly title: string;
  /** One line on what sets it apart. */
  readonly summary: string;
  readonly options: OptionSchema<O>;
  readonly notable: readonly NotableVariant<O>[];
  /** The rules in force for complete options, already checked against the schema. */
  build(options: O): Rules;
}
