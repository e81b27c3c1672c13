import { Worker } from "node:worker_threads";
import { EmbeddingError } from "./errors.js";

/** Options of an {@link EmbeddingWorkerPool}. */
export interface EmbeddingWorkerPoolOptions {
  /** Script speaking the protocol documented in `use-worker.mjs`. */
  workerUrl: URL;
  /** Number of worker threads, started on first use. */
  size: number;
  /** Model name for error messages. */
  model: string;
}

interface Task {
  id: number;
  texts: string[];
  resolve: (rows: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "result"; id: number; data: Float32Array; rows: number; dim: number }
  | { type: "error"; id: number; message: string };

/**
 * A fixed set of worker threads that embed batches of texts, first come first served.
 * Idle workers are unref'd, so they never keep the process alive; a busy one is ref'd so a
 * pending batch is not dropped by an early exit. A crashed worker fails every pending batch with
 * an {@link EmbeddingError} (never a hang) and the next call starts fresh workers.
 *
 * @example
 * ```ts
 * const pool = new EmbeddingWorkerPool({ workerUrl: new URL("./use-worker.mjs", import.meta.url), size: 2, model: "local/use-lite" });
 * const rows = await pool.run(["first text", "second text"]); // Float32Array per text
 * await pool.close();
 * ```
 */
export class EmbeddingWorkerPool {
  private slots: Slot[] = [];
  private queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EmbeddingWorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new RangeError(`worker pool size must be a positive integer, got ${options.size}`);
  }

  /** Embeds one batch on the next free worker; resolves with one vector per text, in order. */
  run(texts: string[]): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(this.error("the provider was closed"));
    if (texts.length === 0) return Promise.resolve([]);
    if (this.slots.length === 0) this.spawn();
    return new Promise<Float32Array[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, texts, resolve, reject });
      this.dispatch();
    });
  }

  /** Rejects pending batches and terminates the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    this.rejectAll(slots, this.error("the provider was closed while this batch was pending"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(): void {
    for (let i = 0; i < this.options.size; i++) {
      // execArgv: [] — the worker is plain JS; a host's loader flags (tsx, langgraph dev) must not follow it in.
      const worker = new Worker(this.options.workerUrl, { name: `${this.options.model}#${i}`, execArgv: [] });
      const slot: Slot = { worker, task: undefined };
      worker.unref();
      worker.on("message", (msg: WorkerMessage) => this.onMessage(slot, msg));
      worker.on("error", (err) => this.fail(slot, `a worker thread crashed: ${err.message}`, err));
      worker.on("messageerror", (err) => this.fail(slot, `a worker message could not be decoded: ${err.message}`, err));
      worker.on("exit", (code) => this.fail(slot, `a worker thread exited unexpectedly (code ${code})`));
      this.slots.push(slot);
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.task) continue;
      const task = this.queue.shift();
      if (!task) return;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, texts: task.texts });
    }
  }

  private onMessage(slot: Slot, msg: WorkerMessage): void {
    if (msg.type === "ready") return;
    const task = slot.task;
    if (!task || task.id !== msg.id) return;
    slot.task = undefined;
    slot.worker.unref();
    if (msg.type === "result") {
      const rows: Float32Array[] = [];
      for (let i = 0; i < msg.rows; i++) rows.push(msg.data.subarray(i * msg.dim, (i + 1) * msg.dim));
      task.resolve(rows);
    } else {
      task.reject(this.error(msg.message));
    }
    this.dispatch();
  }

  /** A crash fails all work: the queue may hold batches that a dead model can never serve. */
  private fail(slot: Slot, reason: string, cause?: unknown): void {
    if (!this.slots.includes(slot)) return;
    const slots = this.slots;
    this.slots = [];
    this.rejectAll(slots, this.error(reason, cause));
    for (const s of slots) if (s !== slot) void s.worker.terminate();
  }

  private rejectAll(slots: Slot[], error: EmbeddingError): void {
    const pending = [...slots.flatMap((s) => (s.task ? [s.task] : [])), ...this.queue];
    this.queue = [];
    for (const s of slots) s.task = undefined;
    for (const task of pending) task.reject(error);
  }

  private error(reason: string, cause?: unknown): EmbeddingError {
    return new EmbeddingError({
      model: this.options.model,
      reason,
      hint: "Pending texts were not embedded; retry the call (a new set of workers starts), or pass `workers: 0` to embed in the main thread.",
      cause,
    });
  }
}
