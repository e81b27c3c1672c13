import { describe, expect, it } from "vitest";
import { CitationRenumberer, renumberCitations } from "./renumber.js";

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
});

describe("CitationRenumberer", () => {
  const answer = "Ramps take time [4]. Slew [6, 9] limits `a [2]` it [4].\n```\nz = [1]\n```\nDone [2].";

  it("shows pieces that join to exactly the renumbered whole, however the text is cut", () => {
    const whole = renumberCitations(answer, valid).answer;
    for (const size of [1, 2, 3, 5, 8]) {
      const r = new CitationRenumberer(valid);
      let shown = "";
      for (let i = 0; i < answer.length; i += size) shown += r.push(answer.slice(i, i + size));
      shown += r.end();
      expect(shown).toBe(whole);
      expect(r.result().order).toEqual([4, 6, 2]);
    }
  });

  it("holds a marker back until it is complete", () => {
    const r = new CitationRenumberer(valid);
    expect(r.push("Text [")).toBe("Text");
    expect(r.push("5")).toBe("");
    expect(r.push("] more")).toBe(" [1] more");
  });
});
