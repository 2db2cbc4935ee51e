// Numbers and text as people read them in the chat and in the tools' tables.

/** A share 0..1 as a percentage: `percent(0.503, 1)` is "50.3 %". */
export function percent(share: number, digits = 0): string {
  return `${(100 * share).toFixed(digits)} %`;
}

/** `text` cut to `max` characters, the last one an ellipsis (Discord refuses longer contents and alt texts). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A duration in whole minutes as people say it: "2 days", "3 hours", "90 minutes". */
export function durationWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const [n, unit] =
    minutes > 0 && minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes > 0 && minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
