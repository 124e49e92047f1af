/** A field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "website";
