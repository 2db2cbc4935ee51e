// Numbers as people read them in the chat and in the tools' tables.

/** A share 0..1 as a percentage: `percent(0.503, 1)` is "50.3 %". */
export function percent(share: number, digits = 0): string {
  return `${(100 * share).toFixed(digits)} %`;
}
