import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { formatProgressLine, formatSeconds, plainProgress } from "./plain-progress.js";
import { progressReporter } from "./progress.js";

/** A plain reporter on a fake clock, and the lines it wrote. */
function harness(opts: { step?: number; everyMs?: number } = {}) {
  const lines: string[] = [];
  let ms = 0;
  const p = plainProgress({ write: (l) => lines.push(l.trimEnd()), now: () => ms, ...opts });
  return { lines, update: p.update, advance: (by: number) => (ms += by) };
}

describe("progress without a terminal", () => {
  it("formats done/total, percentage, rate and ETA on one line", () => {
    expect(formatProgressLine({ label: "indexing", done: 120, total: 1000, rate: 35.24, etaSeconds: 25 })).toBe(
      "indexing  120/1000  12% | 35/s | ETA 25s",
    );
    expect(formatProgressLine({ label: "questions", done: 3, total: 50, rate: 0.25, etaSeconds: 188 })).toBe(
      "questions  3/50   6% | 0.3/s | ETA 3m08s",
    );
    expect(formatProgressLine({ label: "questions", done: 50, total: 50, rate: 0.5, etaSeconds: 0 })).toBe(
      "questions 50/50 100% | 0.5/s | done",
    );
    expect(formatProgressLine({ label: "loading", done: 0, total: 7 })).toBe("loading 0/7   0%");
    expect(formatProgressLine({ label: "pruning", done: 1, total: 1 })).toBe("pruning 1/1 100% | done");
    expect(formatSeconds(3725)).toBe("1h02m");
  });

  it("prints a line at the start, every 10% and the end, not on every update", () => {
    const h = harness();
    for (let i = 0; i <= 1000; i++) {
      h.update("indexing", i, 1000);
      h.advance(10);
    }
    expect(h.lines).toHaveLength(11);
    expect(h.lines[0]).toBe("indexing    0/1000   0%");
    expect(h.lines[1]).toBe("indexing  100/1000  10% | 100/s | ETA 9s");
    expect(h.lines.at(-1)).toBe("indexing 1000/1000 100% | 100/s | done");
  });

  it("prints at least every 30 s while a slow phase moves, and nothing while it stalls", () => {
    const h = harness();
    h.update("questions", 0, 200);
    for (let i = 1; i <= 10; i++) {
      h.advance(12_000);
      h.update("questions", i, 200);
    }
    // 10 questions in 120 s stay under 10%: lines at 36 s, 72 s and 108 s only.
    expect(h.lines).toEqual([
      "questions   0/200   0%",
      "questions   3/200   1% | 0.1/s | ETA 39m24s",
      "questions   6/200   3% | 0.1/s | ETA 38m48s",
      "questions   9/200   4% | 0.1/s | ETA 38m12s",
    ]);
    h.advance(600_000);
    h.update("questions", 10, 200);
    expect(h.lines).toHaveLength(4);
  });

  it("starts over on a new phase or when the count goes back down", () => {
    const h = harness({ step: 0.5 });
    h.update("loading", 0, 2);
    h.update("loading", 2, 2);
    h.update("loading", 2, 2);
    h.update("indexing", 0, 4);
    h.update("indexing", 4, 4);
    h.update("indexing", 1, 3);
    expect(h.lines).toEqual([
      "loading 0/2   0%",
      "loading 2/2 100% | done",
      "indexing 0/4   0%",
      "indexing 4/4 100% | done",
      "indexing 1/3  33%",
    ]);
  });

  it("is what progressReporter uses on a stream that is not a TTY", () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    let out = "";
    (stream as unknown as PassThrough).on("data", (d: Buffer) => (out += d.toString()));
    const progress = progressReporter({ stream });
    for (let i = 0; i <= 20; i++) progress.update({ label: "questions", done: i, total: 20 });
    progress.stop();
    const lines = out.trim().split("\n");
    expect(lines[0]).toBe("questions  0/20   0%");
    expect(lines.at(-1)).toBe("questions 20/20 100% | done");
    expect(lines.length).toBeLessThanOrEqual(11);
  });
});
