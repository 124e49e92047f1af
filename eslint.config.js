import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ZOD = {
  name: "zod",
  message: "Import { z } from ~/lib/zod: it configures Zod for the CSP first.",
};

// One time module (decision 0056): one daylight-saving policy.
const ONE_DST_POLICY = {
  selector: "Property[key.name='disambiguation']",
  message: "One DST policy: zonedTimeToUtc in app/lib/time-zone.ts.",
};
// One way to answer 404 (decision 0057).
const ONE_404 = [
  {
    selector:
      "CallExpression[callee.name=/^(data|Response)$/] Property[key.name='status'][value.value=404]",
    message: "Answer 404 with notFound() or plainNotFound() from ~/lib/or-not-found.",
  },
  {
    selector: "NewExpression[callee.name='Response'] Property[key.name='status'][value.value=404]",
    message: "Answer 404 with plainNotFound() from ~/lib/or-not-found.",
  },
];
// Per-request values live in the request's context, not in a module's map of contexts (0060).
const ONE_REQUEST_STORE = {
  selector:
    ":matches(NewExpression[callee.name='WeakMap'], TSTypeReference[typeName.name='WeakMap']) TSTypeReference[typeName.name=/^(AppContext|AppLoadContext|RouterContextProvider)$/]",
  message: "Keep a per-request value in the request's context: requestMemo() or createContext().",
};
// One data-access type (decision 0057).
const ONE_DB_TYPE = {
  selector: "TSTypeReference[typeName.name=/^(Kysely|Transaction)$/]",
  message: "Take DB, Trx or Db from ~/db/database.server (one data-access type).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { paths: [ZOD] }],
      // One time module (decision 0056): no offset arithmetic, one daylight-saving policy.
      "no-restricted-properties": [
        "error",
        { property: "getTimezoneOffset", message: "Use app/lib/time-zone.ts (Temporal)." },
      ],
      "no-restricted-syntax": ["error", ONE_DST_POLICY, ...ONE_404, ONE_DB_TYPE, ONE_REQUEST_STORE],
    },
  },
  {
    // The time module, and the slot search that lists both instants of a repeated wall time.
    files: ["app/lib/time-zone.ts", "app/features/bookings/slots.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_404, ONE_DB_TYPE, ONE_REQUEST_STORE] },
  },
  {
    // The database layer defines the one data-access type.
    files: ["app/db/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ONE_DST_POLICY, ...ONE_404, ONE_REQUEST_STORE] },
  },
  {
    // The one 404 helper builds the 404s.
    files: ["app/lib/or-not-found.ts"],
    rules: { "no-restricted-syntax": ["error", ONE_DST_POLICY, ONE_DB_TYPE, ONE_REQUEST_STORE] },
  },
  {
    files: ["app/lib/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // The server logs through the one pino logger (app/lib/logger.server.ts), with the request id.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-console": "error" },
  },
  {
    // No module over 300 lines but the schema and the word lists (issue 46): split by concern.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.words.ts", "app/content/**", "app/db/schema.ts"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    // The bench drives the app through its CLIs, HTTP and app/ modules, not the tests' helpers.
    // A drill that outgrows a file becomes a folder of modules by concern (bench/drills/bookings/).
    files: ["bench/**/*.ts"],
    rules: {
      "max-lines": ["error", { max: 300 }],
      "no-restricted-imports": [
        "error",
        {
          paths: [ZOD],
          patterns: [
            {
              group: ["**/tests/support/**"],
              message: "bench/ uses fakes/, bench/lib and the app's entry points.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
