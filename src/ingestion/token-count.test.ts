import { readFileSync } from "node:fs";
import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import { countTokens } from "./token-count.js";

const tiktoken = new Tiktoken(cl100kBase);
const pieces = new RegExp(cl100kBase.pat_str, "gu");

/** What countTokens promises: js-tiktoken's count, a piece longer than 128 chars counted in 128-char slices. */
function reference(text: string): number {
  let total = 0;
  for (const piece of text.match(pieces) ?? []) {
    for (let i = 0; i < piece.length; i += 128) total += tiktoken.encode(piece.slice(i, i + 128), [], []).length;
  }
  return total;
}

describe("countTokens against js-tiktoken", () => {
  it("counts like js-tiktoken's encoder on prose, code, Markdown and this repository's files", () => {
    const texts = [
      "Hello world",
      "Does vitamin D supplementation reduce the risk of fractures?",
      "  leading spaces,\ttabs\r\n\r\nand   runs   of    spaces  \n",
      "def f(x):\n    return divmod(x, 3)[1]  # comment\n",
      "| Tag | Type | Description |\n|---|---|---|\n| <id> | int | the block's id |",
      "Ünïcödé: naïve café, 東京 の 漢字, Ελληνικά, עברית, emoji 🧪🧬👩‍🔬 and math ∑∫√ ≤ ≥",
      "numbers 1234567 3.14159 1e-10 0xDEADBEEF 2026-11-23T04:08:15Z",
      "end <|endoftext|> here <|fim_prefix|>",
      "a lone surrogate \ud800 and \udc00 halves",
      "x".repeat(1000),
      "ab".repeat(300) + " " + "🧪".repeat(100),
      readFileSync(new URL("../../README.md", import.meta.url), "utf8"),
      readFileSync(new URL("./chunker.ts", import.meta.url), "utf8"),
    ];
    for (const text of texts) expect(countTokens(text), text.slice(0, 40)).toBe(reference(text));
  });

  it("equals encode(text).length when no piece is longer than 128 characters", () => {
    const text = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect((text.match(pieces) ?? []).every((p) => p.length <= 128)).toBe(true);
    expect(countTokens(text)).toBe(tiktoken.encode(text, [], []).length);
  });
});
