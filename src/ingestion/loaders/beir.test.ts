import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IngestError } from "../../errors.js";
import { beirLoader, parseBeirCorpus } from "./beir.js";

const encode = (text: string) => new TextEncoder().encode(text);
const line = (record: unknown) => JSON.stringify(record);

const CORPUS = [
  line({ _id: "101", title: "Ramp sampling in EPI", text: "Sampling on the ramps shortens the echo train.", metadata: {} }),
  line({ _id: 202, title: "", text: "An abstract without a title." }),
  "{ this is not json",
  line({ _id: "303", title: "Missing text" }),
  "",
  line({ _id: "404", title: "Unicode ✓", text: "Spin échos — T₂ decay." }),
].join("\n");

const dir = mkdtempSync(join(tmpdir(), "beir-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("beirLoader", () => {
  it("reads one document per valid line with uri path#_id", async () => {
    const docs = await beirLoader.load({ path: "scifact/corpus.jsonl", bytes: encode(CORPUS) });
    expect(docs.map((d) => d.uri)).toEqual(["scifact/corpus.jsonl#101", "scifact/corpus.jsonl#202", "scifact/corpus.jsonl#404"]);
    expect(docs[0]).toEqual({
      uri: "scifact/corpus.jsonl#101",
      title: "Ramp sampling in EPI",
      format: "beir",
      sections: [
        {
          title: "Ramp sampling in EPI",
          path: ["Ramp sampling in EPI"],
          content: "Sampling on the ramps shortens the echo train.",
          metadata: { beirId: "101" },
        },
      ],
      metadata: { beirId: "101", skippedLines: 2 },
    });
    expect(docs[2]!.sections[0]!.content).toBe("Spin échos — T₂ decay.");
  });

  it("uses the id as document title when the record has none, and a null section title", async () => {
    const docs = await beirLoader.load({ path: "corpus.jsonl", bytes: encode(CORPUS) });
    expect(docs[1]!.title).toBe("202");
    expect(docs[1]!.sections[0]).toMatchObject({ title: null, path: [], metadata: { beirId: "202" } });
  });

  it("counts malformed lines and throws an IngestError when no line is valid", () => {
    expect(parseBeirCorpus("c.jsonl", encode(CORPUS)).skipped).toBe(2);
    const bad = () => parseBeirCorpus("bad/corpus.jsonl", encode('not json\n{"_id": 1}\n[1,2]\n'));
    expect(bad).toThrow(IngestError);
    expect(bad).toThrow(/none of its 3 lines/);
    expect(() => parseBeirCorpus("empty/corpus.jsonl", encode("\n\n"))).toThrow(/empty/);
  });

  it("accepts corpus.jsonl by name, other .jsonl files by their first line", () => {
    const beirLike = join(dir, "abstracts.jsonl");
    const other = join(dir, "events.jsonl");
    writeFileSync(beirLike, `${line({ _id: "1", title: "t", text: "x" })}\n`);
    writeFileSync(other, `${line({ event: "click" })}\n`);
    expect(beirLoader.accepts("anything/corpus.jsonl")).toBe(true);
    expect(beirLoader.accepts("anything/scifact-corpus.jsonl")).toBe(true);
    expect(beirLoader.accepts(beirLike)).toBe(true);
    expect(beirLoader.accepts(other)).toBe(false);
    expect(beirLoader.accepts(join(dir, "missing.jsonl"))).toBe(false);
    expect(beirLoader.accepts("notes.txt")).toBe(false);
  });

  // Its speed is measured by `npm run bench:ingest`, not asserted here.
  it("loads a corpus of 5,000+ records, each at its line's uri", async () => {
    const records: string[] = [];
    for (let i = 0; i < 5200; i++) {
      records.push(
        line({ _id: String(i), title: `Study ${i} of relaxation`, text: "Relaxation times were measured in vivo. ".repeat(40) }),
      );
    }
    const bytes = encode(records.join("\n"));
    const docs = await beirLoader.load({ path: "big/corpus.jsonl", bytes });
    expect(docs).toHaveLength(5200);
    expect(docs[5199]!.uri).toBe("big/corpus.jsonl#5199");
  });
});
