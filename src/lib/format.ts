// Numbers and text as people read them in the chat and in the tools' tables.
/**
 * A share 0..1 as a percentage: `percent(0.503, 1)` is "50.3 %" (the tools' tables). Given a
 * locale (a BCP 47 tag), as that language writes it (`'de'`: "50,3 %"), for words players read.
 */
export function percent(share: number, digits = 0, locale?: string): string {
  if (locale === undefined) return `${(100 * share).toFixed(digits)} %`;
  const format = { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
  return new Intl.NumberFormat(locale, format).format(share);
}

/** `text` cut to `max` characters, the last one an ellipsis (Discord refuses longer contents and alt texts). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A duration in whole minutes in its largest whole unit: 2 days, 3 hours, 90 minutes. */
export interface DurationParts {
  count: number;
  unit: 'day' | 'hour' | 'minute';
}

export function durationParts(ms: number): DurationParts {
  const minutes = Math.round(ms / 60_000);
  if (minutes > 0 && minutes % 1440 === 0) return { count: minutes / 1440, unit: 'day' };
  if (minutes > 0 && minutes % 60 === 0) return { count: minutes / 60, unit: 'hour' };
  return { count: minutes, unit: 'minute' };
}
