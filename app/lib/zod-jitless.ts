import { z } from "zod";

// Zod 4 compiles schemas with `new Function` when it can; the enforced CSP forbids eval, and even
// Zod's probe for it is reported as a violation. Every module that builds a schema imports this
// file first, so the setting is in place before the first parse (and the home page, which has no
// form, does not load Zod at all).
z.config({ jitless: true });
