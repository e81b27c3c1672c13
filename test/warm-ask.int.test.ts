import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers/demo-corpus.js";
import { run, waitFor, writeCorpus } from "./helpers/processes.js";

// `sourcewise ask` through its warm process, with real processes from a fresh build: the same
// answer as in-process, the warm process reused, a killed one replaced, an idle one gone.

let root: string;
let db: string;
/** Each test's warm processes live under their own TMPDIR, so they never meet another run's. */
let env: Record<string, string>;
const QUESTION = "What does the zorblax calibration procedure set?";
const pids = new Set<number>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The warm processes' logs and sockets under `tmp`. */
function warmFiles(tmp: string) {
  const dir = join(tmp, `sourcewise-${process.getuid!()}`);
  const names = existsSync(dir) ? readdirSync(dir) : [];
  return {
    sockets: names.filter((n) => n.endsWith(".sock")).map((n) => join(dir, n)),
    log: names
      .filter((n) => n.endsWith(".log"))
      .map((n) => readFileSync(join(dir, n), "utf8"))
      .join(""),
  };
}

async function ask(extra: string[] = [], more: Record<string, string> = {}) {
  const out = await run(["--db", db, "ask", QUESTION, "--json", ...extra], 180_000, { ...env, ...more });
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as { answer: string; citations: { uri: string }[] };
}

/** The pid of the database's owner, as `stats` reports it, when it is a warm process. */
async function warmOwner(): Promise<number | undefined> {
  const stats = await run(["--db", db, "stats", "--json"], 120_000, env);
  const owner = (JSON.parse(stats.stdout) as { owner?: { pid: number; command: string } }).owner;
  if (owner?.command.includes("__warm")) pids.add(owner.pid);
  return owner?.command.includes("__warm") ? owner.pid : undefined;
}

beforeAll(async () => {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  root = mkdtempSync(join(tmpdir(), "sw-warm-ask-"));
  db = join(root, "db");
  const docs = writeCorpus(join(root, "corpus"), "echo", 6);
  writeFileSync(
    join(docs, "zorblax.md"),
    "# Zorblax calibration\n\nThe zorblax calibration procedure sets the shim offset to 42 microtesla before every scan.\n",
  );
  const ingested = await run(["--db", db, "ingest", docs, "--source", "docs", "--json"]);
  expect(ingested.code, ingested.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.runIf(process.platform === "linux")("ask through a warm process", () => {
  it("answers as in-process, starts one warm process and reuses it, and replaces one killed with -9", async () => {
    const tmp = join(root, "tmp-reuse");
    mkdirSync(tmp);
    env = { TMPDIR: tmp };
    const alone = await ask(["--no-warm"]);
    expect(alone.answer).toMatch(/42 microtesla/);
    expect(warmFiles(tmp).sockets).toEqual([]);

    const first = await ask();
    expect(first.answer).toBe(alone.answer);
    expect(first.citations).toEqual(alone.citations);
    const pid = await warmOwner();
    expect(pid).toBeDefined();
    const second = await ask();
    expect(second.answer).toBe(alone.answer);
    expect(await warmOwner()).toBe(pid);
    expect(warmFiles(tmp).log.match(/answered/g)).toHaveLength(2);

    // A crash leaves the socket file behind: the next ask starts a new warm process and answers.
    process.kill(pid!, "SIGKILL");
    await waitFor("the killed warm process to go", () => (alive(pid!) ? undefined : true), 30_000);
    expect(warmFiles(tmp).sockets).toHaveLength(1);
    const third = await ask();
    expect(third.answer).toBe(alone.answer);
    const next = await warmOwner();
    expect(next).toBeDefined();
    expect(next).not.toBe(pid);
    process.kill(next!, "SIGTERM");
    await waitFor("the warm process to stop", () => (alive(next!) ? undefined : true), 60_000);
    expect(warmFiles(tmp).sockets).toEqual([]);
  }, 600_000);

  it("exits after warm.idleSeconds without a question, and frees the database", async () => {
    const tmp = join(root, "tmp-idle");
    mkdirSync(tmp);
    env = { TMPDIR: tmp, SOURCEWISE_WARM_IDLE_SECONDS: "2" };
    expect((await ask()).answer).toMatch(/42 microtesla/);
    expect(warmFiles(tmp).log).toContain("answered");
    await waitFor("the idle warm process to exit", () => (warmFiles(tmp).log.includes("without a question") ? true : undefined), 60_000);
    await waitFor("its socket to go", () => (warmFiles(tmp).sockets.length === 0 ? true : undefined), 30_000);
    expect(await warmOwner()).toBeUndefined();
  }, 600_000);
});
