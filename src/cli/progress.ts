import cliProgress from "cli-progress";
import type { IngestProgress } from "../ingestion/ingest.js";

const LABELS: Record<IngestProgress["phase"], string> = {
  scan: "scanning", load: "loading ", embed: "indexing", prune: "pruning ", done: "done    ",
};

/**
 * A progress bar on stderr for ingestion phases. On a terminal it redraws in place; elsewhere
 * (CI, pipes) it prints nothing but the summary, so logs stay readable.
 */
export function ingestProgressBar(stream: NodeJS.WriteStream = process.stderr) {
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
  let phase: IngestProgress["phase"] | undefined;
  return {
    update(p: IngestProgress) {
      const item = p.item ? shorten(p.item, 40) : "";
      if (p.phase !== phase) {
        if (phase) bar.stop();
        phase = p.phase;
        if (p.phase === "done") return;
        bar.start(Math.max(p.total, 1), p.done, { phase: LABELS[p.phase], item });
      } else {
        bar.setTotal(Math.max(p.total, 1));
        bar.update(p.done, { item });
      }
    },
    stop() {
      bar.stop();
    },
  };
}

function shorten(s: string, n: number): string {
  return s.length <= n ? s : `…${s.slice(s.length - n + 1)}`;
}
