import { describe, expect, it } from "vitest";
import { markdownLoader } from "./markdown.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const load = async (path: string, text: string) => (await markdownLoader.load({ path, bytes: bytes(text) }))[0]!;

const GUIDE = `---
title: Front matter title
tags: [mri]
---
Intro text before any heading.

# Sequence Guide

The guide explains block timing.

## Gradients

Use \`makeTrapezoid\` for trapezoids.

\`\`\`matlab
# this is not a heading, it is inside a fence
g = mr.makeTrapezoid('x', 'Area', 1000);
\`\`\`

### Ramp **times**

Ramps are rounded up to the gradient raster.

## RF pulses

<!-- editor note: not for readers -->
Sinc pulses need a slice-select gradient.

# Appendix

See the specification.
`;

describe("markdownLoader", () => {
  it("accepts markdown extensions only", () => {
    expect(markdownLoader.accepts("docs/guide.md")).toBe(true);
    expect(markdownLoader.accepts("docs/GUIDE.MARKDOWN")).toBe(true);
    expect(markdownLoader.accepts("docs/page.mdx")).toBe(true);
    expect(markdownLoader.accepts("docs/page.html")).toBe(false);
    expect(markdownLoader.accepts("README")).toBe(false);
  });

  it("builds one section per heading with its path from the root", async () => {
    const doc = await load("docs/guide.md", GUIDE);
    expect(doc.format).toBe("markdown");
    expect(doc.uri).toBe("docs/guide.md");
    expect(doc.sections.map((s) => s.path)).toEqual([
      [],
      ["Sequence Guide"],
      ["Sequence Guide", "Gradients"],
      ["Sequence Guide", "Gradients", "Ramp times"],
      ["Sequence Guide", "RF pulses"],
      ["Appendix"],
    ]);
    expect(doc.sections[0]).toMatchObject({ title: null, content: "Intro text before any heading." });
    expect(doc.sections[3]!.title).toBe("Ramp times");
  });

  it("keeps fenced code whole and does not read headings inside it", async () => {
    const doc = await load("guide.md", GUIDE);
    const gradients = doc.sections.find((s) => s.title === "Gradients")!;
    expect(gradients.content).toContain("```matlab\n# this is not a heading, it is inside a fence\ng = mr.makeTrapezoid");
    expect(gradients.content).not.toContain("Ramps are rounded");
    expect(doc.sections.some((s) => s.title?.includes("not a heading"))).toBe(false);
  });

  it("strips front matter and HTML comments from the content", async () => {
    const doc = await load("guide.md", GUIDE);
    const all = doc.sections.map((s) => s.content).join("\n");
    expect(all).not.toContain("tags: [mri]");
    expect(all).not.toContain("editor note");
    expect(doc.sections.find((s) => s.title === "RF pulses")!.content).toBe("Sinc pulses need a slice-select gradient.");
  });

  it("takes the title from the first H1, then front matter, then the file name", async () => {
    expect((await load("a.md", GUIDE)).title).toBe("Sequence Guide");
    expect((await load("b.md", "---\ntitle: 'Only Front Matter'\n---\n## Sub\ntext")).title).toBe("Only Front Matter");
    expect((await load("notes/c.md", "## Sub\ntext")).title).toBe("c.md");
  });

  it("reads setext headings", async () => {
    const doc = await load("s.md", "Overview\n========\n\nFirst.\n\nDetails\n-------\n\nSecond.\n");
    expect(doc.sections.map((s) => [s.path, s.content])).toEqual([
      [["Overview"], "First."],
      [["Overview", "Details"], "Second."],
    ]);
  });

  it("drops MDX import and export lines but keeps the prose", async () => {
    const doc = await load("p.mdx", "import Chart from './chart'\n\n# Page\n\nBody text.\n\n<Chart data={1} />\n");
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.content).toContain("Body text.");
    expect(doc.sections[0]!.content).not.toContain("import Chart");
  });

  it("drops headings whose section has no text but keeps them in child paths", async () => {
    const doc = await load("e.md", "# Top\n\n## Empty\n\n### Leaf\n\nLeaf text.\n");
    expect(doc.sections).toEqual([{ title: "Leaf", path: ["Top", "Empty", "Leaf"], content: "Leaf text." }]);
  });
});
