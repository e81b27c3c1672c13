import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { askWarm } from "./warm-client.js";
import { warmKey, warmPaths, type WarmPaths } from "./warm-key.js";
import { startWarmServer, type WarmServer } from "./warm-server.js";

let root: string;
let paths: WarmPaths;
const servers: WarmServer[] = [];
const KEY = "k".repeat(24);

const describeError = (error: unknown) => ({ line: (error as Error).message, exitCode: 1 });
const echo = (idleMs = 60_000) =>
  startWarmServer({ key: KEY, paths, idleMs, answer: async (r) => `answer to ${r.question}\n`, describeError }).then((s) => {
    if (s) servers.push(s);
    return s;
  });
/** A stand-in for the spawned warm process: a real child that lives `ms` and exits with `code`. */
const child = (ms: number, code = 0) => spawn(process.execPath, ["-e", `setTimeout(() => process.exit(${code}), ${ms})`]);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "sw-warm-"));
  paths = warmPaths(`${KEY}-${servers.length}`, root)!;
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(process.platform === "linux")("warm process for ask", () => {
  it("keys a warm process by settings, working directory and environment", () => {
    const env = { SOURCEWISE_DB_PATH: "db", HOME: "/home/a" };
    const base = warmKey({ tenant: "a" }, { cwd: "/x", env });
    expect(warmKey({ tenant: "a" }, { cwd: "/x", env: { ...env, HOME: "/home/b" } })).toBe(base);
    expect(warmKey({ tenant: "b" }, { cwd: "/x", env })).not.toBe(base);
    expect(warmKey({ tenant: "a" }, { cwd: "/y", env })).not.toBe(base);
    expect(warmKey({ tenant: "a" }, { cwd: "/x", env: { ...env, GOOGLE_API_KEY: "k" } })).not.toBe(base);
  });

  it("answers through a running warm process, and a second one for the same key does not start", async () => {
    await echo();
    expect(await echo()).toBeNull();
    const reply = await askWarm({ paths, request: { key: KEY, question: "why?" }, start: () => expect.fail("must not start one") });
    expect(reply).toMatchObject({ ok: true, pid: process.pid, output: "answer to why?\n" });
  });

  it("leaves a warm process of another key or protocol alone: the caller answers by itself", async () => {
    await echo();
    const start = () => expect.fail("must not start one");
    expect(await askWarm({ paths, request: { key: "another-build", question: "q" }, start })).toBeUndefined();
  });

  it("reports the warm process's error as the CLI would", async () => {
    const s = await startWarmServer({
      key: KEY,
      paths,
      idleMs: 60_000,
      answer: () => Promise.reject(new Error("the store is gone")),
      describeError,
    });
    servers.push(s!);
    const reply = await askWarm({ paths, request: { key: KEY, question: "q" }, start: () => expect.fail("must not start one") });
    expect(reply).toMatchObject({ ok: false, error: { line: "the store is gone", exitCode: 1 } });
  });

  it("starts one when the socket file is stale (its process died), and waits for it", async () => {
    // A socket file nobody listens on, as a warm process killed with -9 leaves it.
    const crashed = spawn(process.execPath, [
      "-e",
      `require("net").createServer().listen(${JSON.stringify(paths.socketPath)}, () => console.log("up"))`,
    ]);
    await new Promise((done) => crashed.stdout.once("data", done));
    const exited = new Promise((done) => crashed.once("exit", done));
    crashed.kill("SIGKILL");
    await exited;
    expect(existsSync(paths.socketPath)).toBe(true);
    let started = 0;
    const reply = await askWarm({
      paths,
      request: { key: KEY, question: "after a crash" },
      start: () => {
        started++;
        setTimeout(() => void echo(), 300);
        return child(5_000);
      },
    });
    expect(started).toBe(1);
    expect(reply).toMatchObject({ ok: true, output: "answer to after a crash\n" });
  });

  it("gives up at once when the warm process it started fails, so the caller answers by itself", async () => {
    writeFileSync(paths.socketPath, "not a socket");
    // Waiting out startTimeoutMs instead would outlast the test's own timeout.
    const reply = await askWarm({ paths, request: { key: KEY, question: "q" }, start: () => child(100, 1), startTimeoutMs: 600_000 });
    expect(reply).toBeUndefined();
  });

  it("exits after its idle time and removes its socket", async () => {
    const s = await echo(200);
    await s!.closed;
    expect(existsSync(paths.socketPath)).toBe(false);
    // Its key is free again.
    expect(await echo()).not.toBeNull();
  });

  it("offers no warm process in a folder other users may enter", () => {
    const shared = join(root, "shared");
    expect(warmPaths("x", shared)?.socketPath.startsWith(shared)).toBe(true);
    chmodSync(join(shared, `sourcewise-${process.getuid!()}`), 0o777);
    expect(warmPaths("x", shared)).toBeUndefined();
  });
});
