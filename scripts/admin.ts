// Admin accounts CLI: `npm run admin -- <command>`; its work is scripts/admin-cli.ts. There are
// no default credentials: every account is made with a password from ADMIN_PASSWORD or typed at
// a hidden prompt. A mentor (`--role mentor`) has no password: they sign in to /portal with a
// one-time link.
import { adminCli } from "./admin-cli";

adminCli(process.argv.slice(2), {
  env: process.env,
  terminal: process.stdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => process.exit(code));
