// The player-facing words of the game, built from the engine's data in a reader's language: move
// and square labels, the sides, rule set titles with their options, and the special squares'
// names. The engine keeps its English names as reference data (tools, docs, developer errors);
// players read these.
import {
  OFF,
  type RuleSetId,
  type Rules,
  type Side,
  WAITING,
  defaultOptions,
  optionSpecs,
  resolveRules,
} from '../engine/index.js';
import type { MessageKey, Translate, UserText } from './index.js';

/** Names the players go by in pictures, by side. */
export type SideNames = Record<Side, string>;

/** Names the players go by in sentences, by side: players' own (UserText) or words for the sides. */
export type SaidNames = Readonly<Record<Side, string | UserText>>;

/** Sentences' names as a picture draws them: as written. */
export const drawnNames = (names: SaidNames): SideNames => ({ W: asWritten(names.W), B: asWritten(names.B) });

const asWritten = (name: string | UserText): string => (typeof name === 'string' ? name : name.plain);

/** A square as players read it: its number, "off" past the end, "waiting" before the start. */
export function squareLabel(t: Translate, square: number): string {
  return square === OFF ? t('words.off') : square === WAITING ? t('words.waiting') : String(square);
}

/** One move as a button shows it: `17 → 20`, `28 → off`, `enter → 4`. */
export function moveLabel(t: Translate, from: number, to: number): string {
  return t('words.move', { from: from === WAITING ? t('words.enter') : String(from), to: squareLabel(t, to) });
}

/** A side's colour and pawn shape: "light reels", "dark cones". */
export function sidePawns(t: Translate, side: Side): string {
  return side === 'W' ? t('words.lightPawns') : t('words.darkPawns');
}

/** What a side is called when its player has no drawable name: "White", "Black". */
export function sideName(t: Translate, side: Side): string {
  return side === 'W' ? t('words.white') : t('words.black');
}

/** The rule set's short name: "Kendall". */
export function rulesetTitle(t: Translate, id: RuleSetId): string {
  return t(`title.${id}` as MessageKey);
}

/** The options' words that differ from the defaults: "7 pawns", "no safe pairs", "with variations". */
function optionWords(t: Translate, id: RuleSetId, options: Readonly<Record<string, unknown>>): string[] {
  const words: string[] = [];
  for (const [name, spec] of optionSpecs(id)) {
    const value = options[name];
    if (value === undefined || value === spec.default) continue;
    if (spec.kind === 'flag') words.push(t(`option.${id}.${name}.${value ? 'on' : 'off'}` as MessageKey));
    else if (typeof value === 'number') words.push(t(`option.${id}.${name}` as MessageKey, { count: value }));
  }
  return words;
}

/** "a, b, c": joined as the reader's language joins a short list. */
export function listOf(t: Translate, items: readonly string[]): string {
  return items.length === 0 ? '' : items.reduce((before, after) => t('words.list', { before, after }));
}

/** "Kendall", "Kendall (7 pawns, no safe pairs)", "Regency (with variations)". */
export function variantTitle(t: Translate, id: RuleSetId, options: Readonly<Record<string, unknown>>): string {
  const title = rulesetTitle(t, id);
  const words = optionWords(t, id, options);
  return words.length === 0 ? title : t('title.withOptions', { title, options: listOf(t, words) });
}

/**
 * The catalog key of a special square's name. A square named as under the rule set's default
 * options is square.RULESET.N; one an option renames (regency's variations make 26 the
 * House of Happiness) is square.RULESET.OPTIONS.N, the options that differ from the
 * defaults named in the schema's order.
 * @internal
 */
export function squareKey(rules: Rules, square: number): MessageKey {
  let keys = squareKeys.get(rules);
  if (!keys) squareKeys.set(rules, (keys = new Map<number, MessageKey>()));
  let key = keys.get(square);
  if (key === undefined) keys.set(square, (key = keyOfSquare(rules, square)));
  return key;
}

/**
 * Each rule set's square keys, worked out once: every picture and alt text names the special
 * squares, and comparing with the default rules each time made most of an alt text's work.
 * Rules objects are shared per rule set and options (resolveRules), so they key the cache.
 */
const squareKeys = new WeakMap<Rules, Map<number, MessageKey>>();

function keyOfSquare(rules: Rules, square: number): MessageKey {
  const base = resolveRules(rules.id, defaultOptions(rules.id));
  const sameAsDefault = base.ok && base.value.squares[square]?.name === rules.squares[square]?.name;
  if (sameAsDefault) return `square.${rules.id}.${square}` as MessageKey;
  const changed = optionSpecs(rules.id)
    .filter(([name, spec]) => rules.options[name] !== spec.default)
    .map(([name]) => name);
  return `square.${rules.id}.${changed.join('-')}.${square}` as MessageKey;
}

/** A special square's name in the reader's language, or undefined for a plain square. */
export function squareName(t: Translate, rules: Rules, square: number): string | undefined {
  return rules.squares[square] ? t(squareKey(rules, square)) : undefined;
}
