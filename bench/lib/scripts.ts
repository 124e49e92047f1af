import { spawn } from "node:child_process";
import { ROOT, track } from "./server";

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** One of the npm scripts' CLIs (`tsx scripts/<name>.ts`) with only the variables given. */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/", ...env },
      }),
    );
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
