import { createHash } from "node:crypto";

/**
 * Cuts `text` to at most `maxChars` UTF-16 units without splitting a surrogate pair.
 *
 * @example
 * ```ts
 * truncateText("abcdef", 3); // "abc"
 * ```
 */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const code = text.charCodeAt(maxChars - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars;
  return text.slice(0, end);
}

/**
 * The cache key of a text: hex sha256 of its UTF-8 bytes. Hash the *truncated* text, so that
 * texts that differ only past `maxChars` share one embedding.
 *
 * @example
 * ```ts
 * hashText(truncateText(chunk, provider.maxChars)); // "9f86d0…"
 * ```
 */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Scales `vector` to unit length (a zero vector stays zero).
 *
 * @example
 * ```ts
 * l2Normalize([3, 4]); // [0.6, 0.8]
 * ```
 */
export function l2Normalize(vector: ArrayLike<number>): number[] {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum);
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = norm > 0 ? vector[i]! / norm : 0;
  return out;
}

/** Splits `items` into consecutive slices of at most `size`. */
export function chunkArray<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
