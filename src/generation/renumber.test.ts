import { describe, expect, it } from "vitest";
import { CitationRenumberer, maskCodeMarkers, renumberCitations } from "./renumber.js";

const valid = new Set([1, 2, 3, 4, 5, 6]);

describe("renumberCitations", () => {
  it("numbers citations 1..n in the order they first appear", () => {
    const r = renumberCitations("Trapezoids ramp [4]. The slew rate limits it [6, 1]. Again [4].", valid);
    expect(r.answer).toBe("Trapezoids ramp [1]. The slew rate limits it [2, 3]. Again [1].");
    expect(r.order).toEqual([4, 6, 1]);
    expect(r.dropped).toEqual([]);
  });

  it("drops markers that point at no block, with the space before them", () => {
    const r = renumberCitations("A claim [9]. Another [2, 9].", valid);
    expect(r.answer).toBe("A claim. Another [1].");
    expect(r.dropped).toEqual([9]);
  });

  it("leaves code as written: fenced blocks, inline spans and indexing", () => {
    const answer = "Use `x = [3]` and a[2] here [5].\n```matlab\ny = [4];\n```\nThen [3].";
    const r = renumberCitations(answer, valid);
    expect(r.answer).toBe("Use `x = [3]` and a[2] here [1].\n```matlab\ny = [4];\n```\nThen [2].");
    expect(r.order).toEqual([5, 3]);
  });

  it("reads a lone backtick as text, not as code that would hide the markers after it", () => {
    expect(renumberCitations("The prime ` mark [4]. Then [2].", valid).answer).toBe("The prime ` mark [1]. Then [2].");
  });
});

describe("maskCodeMarkers", () => {
  it("hides brackets in code from a marker reader and keeps the citations as they are", () => {
    expect(maskCodeMarkers("See [4]. `x[2]` and\n```\ny = a(1)[3]\n```\nthen [1].")).toBe(
      "See [4]. `x\u27e62]` and\n```\ny = a(1)\u27e63]\n```\nthen [1].",
    );
  });
});

describe("CitationRenumberer", () => {
  const answer = "Ramps take time [4]. Slew [6, 9] limits `a [2]` it [4].\nA ` prime [5]\n```\nz = [1]\n```\nDone [2].";

  it("shows pieces that join to exactly the renumbered whole, however the text is cut", () => {
    const whole = renumberCitations(answer, valid).answer;
    for (const size of [1, 2, 3, 5, 8]) {
      const r = new CitationRenumberer(valid);
      let shown = "";
      for (let i = 0; i < answer.length; i += size) shown += r.push(answer.slice(i, i + size));
      shown += r.end();
      expect(shown).toBe(whole);
      expect(r.result().order).toEqual([4, 6, 5, 2]);
    }
  });

  it("agrees with the whole on any text cut anywhere (seeded random texts of markers, code and spaces)", () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const alphabet = ["[", "]", "1", "2", "9", ", ", " ", "`", "```", "\n", "a", "x[1]", "[3]", "[2, 4]"];
    for (let t = 0; t < 300; t++) {
      const text = Array.from({ length: 30 }, () => alphabet[rand(alphabet.length)]).join("");
      const r = new CitationRenumberer(valid);
      let shown = "";
      for (let i = 0; i < text.length;) {
        const size = 1 + rand(4);
        shown += r.push(text.slice(i, i + size));
        i += size;
      }
      expect(shown + r.end()).toBe(renumberCitations(text, valid).answer);
    }
  });

  it("holds a marker back until it is complete", () => {
    const r = new CitationRenumberer(valid);
    expect(r.push("Text [")).toBe("Text");
    expect(r.push("5")).toBe("");
    expect(r.push("] more")).toBe(" [1] more");
  });
});
