// The look of the generated resources, shared by the PDF and the Word builders so the two copies
// of a resource match: same colours, same sizes, same placeholder highlighting. Sizes are points.

export const documentColors = {
  text: "#111827",
  muted: "#4B5563",
  placeholder: "#1D4ED8",
  rule: "#9CA3AF",
  panel: "#F3F4F6",
  accent: "#1E3A8A",
  divider: "#E5E7EB",
} as const;

/** US Letter, the paper size finance recruiters in the US print on. */
export const letterPage = { width: 612, height: 792 } as const;

export const resumeLayout = {
  margin: 40,
  nameSize: 20,
  contactSize: 9.5,
  sectionSize: 10.5,
  bodySize: 10,
  bulletIndent: 14,
  guidanceSize: 8,
} as const;

export const outreachLayout = {
  margin: 54,
  brandSize: 9,
  titleSize: 26,
  subtitleSize: 13,
  bodySize: 10.5,
  headingSize: 14,
  scriptTitleSize: 15,
  noteSize: 9.5,
  footerSize: 8,
  messageIndent: 14,
  cadenceWhenWidth: 110,
} as const;

const placeholderPattern = /(\[[^\]]*\])/;

/** Splits copy so [placeholders] can be shown in a colour of their own. */
export function placeholderSegments(text: string) {
  return text
    .split(placeholderPattern)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, placeholder: placeholderPattern.test(part) }));
}
