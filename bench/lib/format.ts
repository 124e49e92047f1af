/** Sizes in kB of 1000 bytes, as Vite and Lighthouse print them. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** "+16.3 KB (+15%)": how far a size is over its budget. */
export function overBy(bytes: number, budget: number): string {
  const percent = Math.round(((bytes - budget) / budget) * 100);
  return `+${kb(bytes - budget)} (+${percent}%)`;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
