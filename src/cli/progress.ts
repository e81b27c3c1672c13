import cliProgress from "cli-progress";
import type { IngestProgress } from "../ingestion/ingest.js";
import { plainProgress } from "./plain-progress.js";

/** A progress display for named phases on a stream. */
export interface ProgressReporter {
  /** Reports `done` of `total` in a phase (shown as `label`); a new label starts a new bar. */
  update(p: { label: string; done: number; total: number; item?: string }): void;
  stop(): void;
}

/** Options of {@link progressReporter}. */
export interface ProgressReporterOptions {
  /** @default process.stderr */
  stream?: NodeJS.WriteStream;
  /** Plain-line mode (no terminal): a line at every this share of a phase. @default 0.1 */
  step?: number;
  /** Plain-line mode: a line at least this often while a phase moves. @default 30_000 */
  everyMs?: number;
}

/**
 * Progress on stderr. On a terminal a bar redraws in place; elsewhere (CI, pipes) plain lines
 * with done/total, rate and ETA at every 10% and at least every 30 s, so logs show a run moving
 * without a flood of redraws.
 * @example
 * const progress = progressReporter();
 * progress.update({ label: "questions", done: 3, total: 50 });
 * progress.stop();
 */
export function progressReporter({ stream = process.stderr, step, everyMs }: ProgressReporterOptions = {}): ProgressReporter {
  if (!stream.isTTY) {
    const plain = plainProgress({ write: (line) => stream.write(line), step, everyMs });
    return { update: (p) => plain.update(p.label.trim(), p.done, p.total), stop: () => undefined };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: "{phase} [{bar}] {value}/{total} {percentage}% | {eta_formatted} left | {item}",
      hideCursor: true,
      clearOnComplete: true,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  let label: string | undefined;
  return {
    update(p) {
      const item = p.item ? shorten(p.item, 40) : "";
      if (p.label !== label) {
        if (label !== undefined) bar.stop();
        label = p.label;
        bar.start(Math.max(p.total, 1), p.done, { phase: p.label, item });
      } else {
        bar.setTotal(Math.max(p.total, 1));
        bar.update(p.done, { item });
      }
    },
    stop() {
      bar.stop();
      label = undefined;
    },
  };
}

const LABELS: Record<Exclude<IngestProgress["phase"], "done">, string> = {
  scan: "scanning",
  load: "loading ",
  write: "indexing",
  embed: "embedding",
  prune: "pruning ",
};

/** {@link progressReporter} for ingestion phases (scan, load, embed, prune). */
export function ingestProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  const progress = progressReporter({ stream });
  return {
    update(p: IngestProgress) {
      if (p.phase === "done") return progress.stop();
      progress.update({ label: LABELS[p.phase], done: p.done, total: p.total, item: p.item });
    },
    stop: () => progress.stop(),
  };
}

function shorten(s: string, n: number): string {
  return s.length <= n ? s : `…${s.slice(s.length - n + 1)}`;
}
