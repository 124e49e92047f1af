import { z } from "zod";

/**
 * The one place that imports Zod (ESLint refuses it anywhere else), so its configuration is in
 * place before any schema is built. Zod 4 compiles schemas with `new Function` when it can; the
 * enforced CSP forbids eval, and even Zod's probe for it is reported as a violation.
 */
z.config({ jitless: true });

export { z };
