import { execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers/demo-corpus.js";

// `sourcewise serve` is spawned as a user runs it (node bin/sourcewise.js, over dist/). Every
// start-up error must be one line on stderr with a hint, no stack trace, exit code 2, and come
// before the kill timer (a hang is a failure).

const BIN = join(ROOT, "bin/sourcewise.js");
const KILL_AFTER_MS = 45_000;
let dir: string;
let taken: Server;

/** The newest modification time under a folder, in ms. */
async function newest(folder: string): Promise<number> {
  let latest = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) latest = Math.max(latest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return latest;
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the CLI in a scratch folder with no SOURCEWISE_* variables but `env`. */
function cli(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SOURCEWISE_")));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: { ...clean, SOURCEWISE_EMBEDDING_WORKERS: "1", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

function expectStartupError(outcome: Outcome, pattern: RegExp): void {
  expect(outcome.signal, "the command hung and was killed").toBeNull();
  expect(outcome.code, outcome.stderr).toBe(2);
  const text = outcome.stderr.trimEnd();
  expect(text.split("\n"), text).toHaveLength(1);
  expect(text).toMatch(/^sourcewise: /);
  expect(text).toMatch(/\(hint: .+\)$/);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|Error:/);
  expect(text).toMatch(pattern);
}

beforeAll(async () => {
  // dist/ is what bin/sourcewise.js runs: rebuild it when src/ is newer (npm install builds it too).
  const built = await stat(join(ROOT, "dist/cli/main.js")).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  if (built < (await newest(join(ROOT, "src")))) await promisify(execFile)("npm", ["run", "build"], { cwd: ROOT });
  dir = await mkdtemp(join(tmpdir(), "sw-cli-"));
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => taken?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("start-up errors of sourcewise serve", () => {
  it("--auth without a JWT secret", async () => {
    expectStartupError(await cli(["serve", "--auth"]), /--auth needs a JWT secret.*SOURCEWISE_JWT_SECRET/);
  });

  it("a port already in use", async () => {
    const { port } = taken.address() as { port: number };
    const outcome = await cli(["serve", "--port", String(port)], { SOURCEWISE_DB_PATH: "memory", SOURCEWISE_THREADS: "memory" });
    expectStartupError(outcome, new RegExp(`port ${port} is already in use.*--port`));
  });

  it("an overlap as long as the chunk", async () => {
    await writeFile(join(dir, "overlap.json"), JSON.stringify({ ingest: { maxTokens: 64, overlapTokens: 64 } }));
    expectStartupError(await cli(["--config", "overlap.json", "serve"]), /ingest\.overlapTokens: must be less than ingest\.maxTokens/);
  });

  it("a database path that cannot be created (under /proc, where mkdir -p never returns)", async () => {
    expectStartupError(
      await cli(["serve", "--port", "0"], { SOURCEWISE_DB_PATH: "/proc/nope/db" }),
      /\/proc\/nope\/db.*SOURCEWISE_DB_PATH/,
    );
  });

  it("an invalid flag value", async () => {
    const outcome = await cli(["serve", "--port", "http"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/--port must be an integer/);
    expect(outcome.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
