import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";

let encoder: Tiktoken | undefined;
let pieceRegex: RegExp | undefined;
const pieceCounts = new Map<string, number>();
const MAX_CACHED_PIECES = 200_000;
/** BPE is quadratic in a piece's length; longer pieces (a 100 kB run of letters) are counted in slices. */
const LONG_PIECE = 128;

/** The cl100k_base encoder, built on first use: building it takes most of a second. */
function getEncoder(): Tiktoken {
  encoder ??= new Tiktoken(cl100kBase);
  return encoder;
}

/**
 * Counts cl100k_base tokens in `text`, exactly as `encode(text).length` would. Special-token
 * markers such as `<|endoftext|>` count as ordinary text instead of throwing.
 *
 * BPE never merges across the encoder's pre-tokenizer pieces, so the count is the sum of the
 * pieces' counts; caching those makes repeated counting (the chunker's searches) cheap, where
 * js-tiktoken alone spends microseconds per piece.
 *
 * @example
 * countTokens("Hello world"); // 2
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  const enc = getEncoder();
  pieceRegex ??= new RegExp(cl100kBase.pat_str, "gu");
  let total = 0;
  // `match` with the global flag returns the pieces as plain strings: no match objects to build.
  for (const piece of text.match(pieceRegex) ?? []) {
    let count = pieceCounts.get(piece);
    if (count === undefined) {
      count = piece.length > LONG_PIECE ? countLongPiece(enc, piece) : enc.encode(piece, [], []).length;
      if (pieceCounts.size >= MAX_CACHED_PIECES) pieceCounts.clear();
      pieceCounts.set(piece, count);
    }
    total += count;
  }
  return total;
}

/** Counts a very long piece slice by slice: may overcount by a token per slice, but never hangs. */
function countLongPiece(enc: Tiktoken, piece: string): number {
  let total = 0;
  for (let i = 0; i < piece.length; i += LONG_PIECE) {
    const slice = piece.slice(i, i + LONG_PIECE);
    let count = pieceCounts.get(slice);
    if (count === undefined) {
      count = enc.encode(slice, [], []).length;
      pieceCounts.set(slice, count);
    }
    total += count;
  }
  return total;
}
