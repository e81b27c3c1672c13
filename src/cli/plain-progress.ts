/** Options of {@link plainProgress}. */
export interface PlainProgressOptions {
  /** Where lines go. */
  write: (line: string) => void;
  /** A line whenever progress crosses another multiple of this share of the total. @default 0.1 */
  step?: number;
  /** A line at least this often while progress moves, however slowly. @default 30_000 */
  everyMs?: number;
  /** Milliseconds since some fixed point; injectable for tests. @default performance.now */
  now?: () => number;
}

/** One progress state, as a line reports it. */
export interface ProgressLine {
  label: string;
  done: number;
  total: number;
  /** Items per second since the phase started, when any were done. */
  rate?: number;
  /** Seconds left at that rate. */
  etaSeconds?: number;
}

/**
 * `indexing   120/1000  12% | 35.2/s | ETA 25s`: one self-contained line, so a CI log read
 * from any point says where the run is.
 * @example
 * formatProgressLine({ label: "indexing", done: 120, total: 1000, rate: 35.2, etaSeconds: 25 });
 */
export function formatProgressLine({ label, done, total, rate, etaSeconds }: ProgressLine): string {
  const width = String(total).length;
  const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
  const parts = [`${label} ${String(done).padStart(width)}/${total} ${String(pct).padStart(3)}%`];
  if (rate !== undefined) parts.push(`${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)}/s`);
  if (done >= total && total > 0) parts.push("done");
  else if (etaSeconds !== undefined) parts.push(`ETA ${formatSeconds(etaSeconds)}`);
  return parts.join(" | ");
}

/** `42s`, `3m05s`, `1h02m`. */
export function formatSeconds(s: number): string {
  const t = Math.max(0, Math.round(s));
  if (t < 60) return `${t}s`;
  if (t < 3600) return `${Math.floor(t / 60)}m${String(t % 60).padStart(2, "0")}s`;
  return `${Math.floor(t / 3600)}h${String(Math.floor((t % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * Progress for a stream that is not a terminal (CI logs, pipes): no redrawing, just a plain line
 * when a phase starts, at every `step` of it, at least every `everyMs` while it moves, and when it
 * ends. A phase whose count goes back down (a new sub-phase under the same label) starts over.
 */
export function plainProgress({ write, step = 0.1, everyMs = 30_000, now = () => performance.now() }: PlainProgressOptions) {
  let phase:
    | { label: string; total: number; startedAt: number; startDone: number; done: number; bucket: number; lastAt: number; ended: boolean }
    | undefined;
  const emit = () => {
    const p = phase!;
    const seconds = (now() - p.startedAt) / 1000;
    const moved = p.done - p.startDone;
    // Under a second of work says nothing about the rate (a one-step prune would read 10000/s).
    const rate = moved > 0 && seconds >= 1 ? moved / seconds : undefined;
    write(
      `${formatProgressLine({ label: p.label, done: p.done, total: p.total, rate, etaSeconds: rate ? (p.total - p.done) / rate : undefined })}\n`,
    );
    p.lastAt = now();
  };
  const bucketOf = (done: number, total: number) => (total > 0 ? Math.floor(done / total / step + 1e-9) : 0);
  return {
    update(label: string, done: number, total: number) {
      const t = Math.max(total, 1);
      if (!phase || phase.label !== label || done < phase.done) {
        phase = { label, total: t, startedAt: now(), startDone: done, done, bucket: bucketOf(done, t), lastAt: 0, ended: false };
        emit();
        phase.ended = done >= t;
        return;
      }
      if (phase.ended || (done === phase.done && t === phase.total)) return;
      phase.done = done;
      phase.total = t;
      const bucket = bucketOf(done, t);
      if (done >= t || bucket > phase.bucket || now() - phase.lastAt >= everyMs) {
        phase.bucket = bucket;
        emit();
        phase.ended = done >= t;
      }
    },
  };
}
