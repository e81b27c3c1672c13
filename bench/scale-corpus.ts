/** What bench/scale.ts and bench/scale-compare.ts share: the chunked kernel docs' shape, the questions, the synthetic vectors. */
import { createHash } from "node:crypto";
import type { PreparedChunk } from "../src/ingestion/types.js";

/** One chunked kernel-doc page (the corpus cache bench/scale.ts writes). */
export interface BaseDoc {
  uri: string;
  title: string;
  chunks: PreparedChunk[];
}

/** Dimension of the synthetic vectors (the local model's). */
export const DIM = 512;

/** A deterministic unit vector for a text (the same text gives the same vector in every copy). */
export function syntheticVector(text: string): number[] {
  let seed = createHash("sha256").update(text).digest().readUInt32LE(0) || 1;
  const v: number[] = [];
  let norm = 0;
  for (let i = 0; i < DIM; i++) {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    const x = seed / 0xffffffff - 0.5;
    v.push(x);
    norm += x * x;
  }
  const n = Math.sqrt(norm);
  return v.map((x) => x / n);
}

/** Questions from section titles (real headings of the corpus), deterministic. */
export function scaleQuestions(base: BaseDoc[], n: number): string[] {
  const titles = base.flatMap((d) =>
    d.chunks
      .filter((c) => c.searchable && c.sectionTitle && c.sectionTitle.split(" ").length >= 2)
      .map((c) => `${c.sectionTitle} ${d.title}`.trim()),
  );
  const out: string[] = [];
  const step = Math.max(1, Math.floor(titles.length / n));
  for (let i = 0; out.length < n && i < titles.length; i += step) out.push(`How does ${titles[i]} work?`);
  return out;
}
