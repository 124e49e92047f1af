/** The address an erased person keeps: the reserved `.invalid` domain, which no mail reaches. */
export const erasedAddress = (personId: string) => `erased-${personId}@invalid`;
/** Matches every erased person's address (a LIKE pattern). */
export const ERASED_ADDRESS_PATTERN = "erased-%@invalid";
