/** Private notes one person can have, the owner's and the mentors' together: a bound on storage. */
export const MAX_NOTES_PER_PERSON = 200;
