import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./demo-corpus.js";

/** What a finished `sourcewise` process printed. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running `node bin/sourcewise.js ...` (from `dist/`, so build first). */
export interface Running {
  child: ChildProcess;
  /** Everything printed so far, stdout then stderr interleaved as it came. */
  output(): string;
  done: Promise<Finished>;
}

/** Offline, one embedding worker each: several processes share the machine's two cores. */
export const cliEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  GOOGLE_API_KEY: "",
  COHERE_API_KEY: "",
  OPENAI_API_KEY: "",
  SOURCEWISE_EMBEDDING_WORKERS: "1",
  LANGSMITH_TRACING: "false",
  ...extra,
});

/** Spawns the CLI. */
export function sourcewise(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [join(ROOT, "bin/sourcewise.js"), ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let all = "";
  child.stdout!.on("data", (d: Buffer) => ((stdout += d), (all += d)));
  child.stderr!.on("data", (d: Buffer) => ((stderr += d), (all += d)));
  const done = new Promise<Finished>((resolve) => child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, output: () => all, done };
}

/** Runs the CLI to its end, failing after `ms`. */
export async function run(args: string[], ms = 180_000, env: Record<string, string> = {}): Promise<Finished> {
  const p = sourcewise(args, env);
  const timer = setTimeout(() => p.child.kill("SIGKILL"), ms);
  try {
    return await p.done;
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until it returns a value, failing after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** Waits for a URL to answer 2xx. */
export const waitForHttp = (url: string, ms: number, alive: () => boolean = () => true) =>
  waitFor(
    url,
    async () => {
      if (!alive()) throw new Error(`the process serving ${url} exited`);
      try {
        return (await fetch(url)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    ms,
  );

/** Writes `n` small Markdown files under `dir`, each with words of its own and words all share. */
export function writeCorpus(dir: string, prefix: string, n: number): string {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) {
    writeFileSync(
      join(dir, `${prefix}-${i}.md`),
      `# ${prefix} note ${i}\n\nThe ${prefix}${i} module calibrates the gradient coil ${i} times per scan.\n\n## Timing\n\nEach ${prefix} sequence waits ${i * 3} ms before the readout of echo ${i % 7}.\n`,
    );
  }
  return dir;
}

/** Reads the `final` event of a /v1/chat server-sent event stream. */
export function finalEvent(sse: string): { answer: string; verdict: string; citations: { uri: string }[] } {
  const block = sse.split("\n\n").find((b) => b.startsWith("event: final"));
  if (!block) throw new Error(`no final event in: ${sse.slice(0, 500)}`);
  return JSON.parse(
    block
      .split("\n")
      .find((l) => l.startsWith("data: "))!
      .slice(6),
  );
}
