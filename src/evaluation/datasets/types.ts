import type { SourceProfile } from "../../sources/profile.js";
import type { Qrels } from "../metrics.js";

/** One evaluation question with whatever labels its dataset has. */
export interface EvalQuery {
  id: string;
  text: string;
  /** Document key → graded relevance; keys are what {@link EvalDataset.docKey} returns. */
  qrels: Map<string, number>;
  /** The source the router should pick first (labelled sets only). */
  expectedSource?: string;
  /** Whether the corpus holds the answer; unanswerable questions test the gate. @default true */
  answerable: boolean;
  /** Pages a citation should fall on, where labelled. */
  pages?: number[];
}

/** Files to ingest under one source (profile) name. */
export interface CorpusPart {
  source: string;
  paths: string[];
}

/** A dataset every method is run on: what to ingest, how to judge, and the questions. */
export interface EvalDataset {
  /** Short name; also the folder of its persistent database under `.sourcewise/eval/`. */
  name: string;
  kind: "beir" | "manual" | "labelled";
  /** One line for the report: origin, split, sizes. */
  description: string;
  corpus: CorpusPart[];
  /** Profiles the graph routes between; the three defaults when absent. */
  profiles?: SourceProfile[];
  queries: EvalQuery[];
  /** Maps a stored document uri to the key the qrels use. */
  docKey(uri: string): string;
  /** The corpus as plain texts, for baselines that skip our ingestion (the naive LangChain recipe). */
  rawDocuments(): Promise<{ key: string; text: string }[]>;
  /** Corpus documents the adapter leaves out of the index, each with why (also counted in `description`). */
  omitted?: { key: string; reason: string }[];
  /** Called with every stored uri after ingestion; labelled sets turn path patterns into qrels here. */
  resolveQrels?(uris: readonly string[]): void;
}

/** Qrels as the metrics take them. */
export type { Qrels };
