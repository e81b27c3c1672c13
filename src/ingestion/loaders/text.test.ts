import { describe, expect, it } from "vitest";
import { IngestError } from "../../errors.js";
import { textLoader } from "./text.js";

const load = async (path: string, text: string | Uint8Array) =>
  (await textLoader.load({ path, bytes: typeof text === "string" ? new TextEncoder().encode(text) : text }))[0]!;

describe("textLoader", () => {
  it("accepts .txt, .rst, .text and extension-less names, not dotfiles", () => {
    expect(textLoader.accepts("notes.txt")).toBe(true);
    expect(textLoader.accepts("docs/index.rst")).toBe(true);
    expect(textLoader.accepts("a.TEXT")).toBe(true);
    expect(textLoader.accepts("pulseq/AUTHORS")).toBe(true);
    expect(textLoader.accepts("repo/.gitignore")).toBe(false);
    expect(textLoader.accepts("data.csv")).toBe(false);
  });

  it("reads reST titles: overlined first, then underline styles in order of appearance", async () => {
    const rst = `==========
Demo Guide
==========

Opening paragraph.

Installation
============

Run the installer.

From source
-----------

Clone it first.

Usage
=====

Call \`make\\_ramp\` to start.
`;
    const doc = await load("guide.rst", rst);
    expect(doc.title).toBe("Demo Guide");
    expect(doc.sections.map((s) => [s.path, s.content])).toEqual([
      [["Demo Guide"], "Opening paragraph."],
      [["Demo Guide", "Installation"], "Run the installer."],
      [["Demo Guide", "Installation", "From source"], "Clone it first."],
      [["Demo Guide", "Usage"], "Call `make\\_ramp` to start."],
    ]);
  });

  it("unescapes reST title markup", async () => {
    const doc = await load("mods.rst", "demo.make\\_ramp module\n-----------------------\n\n.. automodule:: demo.make_ramp\n");
    expect(doc.sections[0]!.title).toBe("demo.make_ramp module");
  });

  it("reads numbered headings and their depth", async () => {
    const txt = `Preamble line.

1 Scope

This note covers ramps.

1.1 Terms

A ramp is linear.

2 Timing Rules

Round up to the raster.
`;
    const doc = await load("spec.txt", txt);
    expect(doc.sections.map((s) => [s.path, s.content])).toEqual([
      [[], "Preamble line."],
      [["1 Scope"], "This note covers ramps."],
      [["1 Scope", "1.1 Terms"], "A ramp is linear."],
      [["2 Timing Rules"], "Round up to the raster."],
    ]);
  });

  it("does not take a numbered list or a sentence for headings", async () => {
    const txt = "Steps:\n\n1. Install the toolbox\n2. Run the demo\n\n3 Items were found in the file.\n";
    const doc = await load("steps.txt", txt);
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]).toMatchObject({ title: null, path: [] });
    expect(doc.sections[0]!.content).toContain("1. Install the toolbox\n2. Run the demo");
  });

  it("keeps a file without headings as one section, paragraphs intact", async () => {
    const doc = await load("AUTHORS", "Ada Example <ada@example.org>\nBo Example <bo@example.org>\n\n\n\nThanks to all.\n");
    expect(doc.title).toBe("AUTHORS");
    expect(doc.sections).toEqual([
      { title: null, path: [], content: "Ada Example <ada@example.org>\nBo Example <bo@example.org>\n\nThanks to all." },
    ]);
  });

  it("refuses binary files with an IngestError", async () => {
    const err = await load("blob", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13])).catch((e: unknown) => e);
    expect(IngestError.isInstance(err)).toBe(true);
    expect((err as IngestError).path).toBe("blob");
  });
});
