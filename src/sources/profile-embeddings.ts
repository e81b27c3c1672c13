import { hashText } from "../models/embeddings/text.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SourceProfile } from "./profile.js";

/** The texts that describe a profile for routing: its summary and each `best_for` line. */
export function profileDescriptions(profile: Pick<SourceProfile, "summary" | "best_for">): string[] {
  return [profile.summary, ...profile.best_for];
}

// Keyed by model and text hash, so an edited profile gets new vectors and an unchanged one never
// re-embeds, however many graphs or profile arrays the process builds.
const cache = new Map<string, Promise<number[][]>>();
const CAPACITY = 64;

/**
 * The description vectors of each profile (one per summary / `best_for` line), computed once per
 * process per model and profile text. Nothing is embedded until the first call.
 */
export function profileEmbeddings(embeddings: EmbeddingProvider, profiles: readonly SourceProfile[]): Promise<number[][][]> {
  return Promise.all(
    profiles.map((profile) => {
      const texts = profileDescriptions(profile);
      const key = `${embeddings.id}:${hashText(texts.join("\u0000"))}`;
      let hit = cache.get(key);
      if (!hit) {
        const pending = embeddings.embedDocuments(texts);
        pending.catch(() => cache.get(key) === pending && cache.delete(key));
        cache.set(key, pending);
        while (cache.size > CAPACITY) cache.delete(cache.keys().next().value as string);
        hit = pending;
      }
      return hit;
    }),
  );
}

/** Cosine of unit vectors: their dot product. */
export function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * (b[i] ?? 0);
  return s;
}
