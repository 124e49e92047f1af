import { z } from "zod";

// Zod 4 compiles schemas with `new Function` when it can; the enforced CSP forbids eval, and
// even Zod's probe for it is reported as a violation. Parsing without it is fast enough here.
z.config({ jitless: true });
