import cl100kBase from "js-tiktoken/ranks/cl100k_base";

/** cl100k_base's ranks keyed by the token's bytes as a latin1 string (one char per byte). */
let ranks: Map<string, number> | undefined;
let pieceRegex: RegExp | undefined;
const pieceCounts = new Map<string, number>();
const MAX_CACHED_PIECES = 200_000;
/** BPE is quadratic in a piece's length; longer pieces (a 100 kB run of letters) are counted in slices. */
const LONG_PIECE = 128;

/**
 * The rank table, built on first use in 0.04–0.1 s. js-tiktoken's own `Tiktoken` builds the same
 * table keyed by comma-joined byte lists in ~0.3 s, most of a cold `ask`'s first `expand`.
 */
function getRanks(): Map<string, number> {
  if (ranks) return ranks;
  const table = new Map<string, number>();
  // Lines of `! <first rank> <base64 token> <base64 token> ...`, ranks consecutive within a line.
  for (const line of cl100kBase.bpe_ranks.split("\n")) {
    const fields = line.split(" ");
    const first = Number.parseInt(fields[1] ?? "", 10);
    for (let i = 2; i < fields.length; i++) table.set(atob(fields[i]!), first + i - 2);
  }
  return (ranks = table);
}

/**
 * The token count of js-tiktoken's `encode(text, [], []).length` for cl100k_base, without its
 * encoder: the same pre-tokenizer pieces, and per piece the same byte-pair merges (the lowest
 * ranked adjacent pair first, the leftmost on a tie) over the piece's UTF-8 bytes.
 */
function encodeCount(text: string, table: Map<string, number>): number {
  let total = 0;
  for (const piece of text.match(pieceRegex!) ?? []) {
    const bytes = Buffer.from(piece, "utf8").toString("latin1");
    if (bytes.length === 1 || table.has(bytes)) total += 1;
    else total += mergeCount(bytes, table);
  }
  return total;
}

/** js-tiktoken's `bytePairEncode(piece).length`: merges, then counts the parts that have a rank. */
function mergeCount(bytes: string, table: Map<string, number>): number {
  // starts[i] is where part i begins; part i ends where part i + 1 begins (the last at bytes.length).
  const starts = Array.from({ length: bytes.length + 1 }, (_, i) => i);
  while (starts.length > 2) {
    let best = -1;
    let bestRank = Infinity;
    for (let i = 0; i < starts.length - 2; i++) {
      const rank = table.get(bytes.slice(starts[i], starts[i + 2]));
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
  }
  let count = 0;
  for (let i = 0; i < starts.length - 1; i++) if (table.has(bytes.slice(starts[i], starts[i + 1]))) count++;
  return count;
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
  const table = getRanks();
  pieceRegex ??= new RegExp(cl100kBase.pat_str, "gu");
  let total = 0;
  // `match` with the global flag returns the pieces as plain strings: no match objects to build.
  for (const piece of text.match(pieceRegex) ?? []) {
    let count = pieceCounts.get(piece);
    if (count === undefined) {
      count = piece.length > LONG_PIECE ? countLongPiece(table, piece) : encodeCount(piece, table);
      if (pieceCounts.size >= MAX_CACHED_PIECES) pieceCounts.clear();
      pieceCounts.set(piece, count);
    }
    total += count;
  }
  return total;
}

/** Counts a very long piece slice by slice: may overcount by a token per slice, but never hangs. */
function countLongPiece(table: Map<string, number>, piece: string): number {
  let total = 0;
  for (let i = 0; i < piece.length; i += LONG_PIECE) {
    const slice = piece.slice(i, i + LONG_PIECE);
    let count = pieceCounts.get(slice);
    if (count === undefined) {
      count = encodeCount(slice, table);
      pieceCounts.set(slice, count);
    }
    total += count;
  }
  return total;
}
