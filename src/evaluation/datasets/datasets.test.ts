import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeFontHeadingsPdf } from "../../../test/fixtures/make-pdf.js";
import { memoryStore } from "../../../test/helpers/store.js";
import { ingest } from "../../ingestion/ingest.js";
import { createEmbeddings } from "../../models/embeddings/create-embeddings.js";
import { datasetName, loadDataset } from "./index.js";
import { globToRegExp } from "./labelled.js";
import { parseCsv } from "./manual.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sw-eval-"));
const labelled = { root: "/nowhere", corpus: [] };

describe("eval dataset adapters", () => {
  it("reads a BEIR folder: only judged queries, qrels by document id", async () => {
    const dir = tmp();
    mkdirSync(join(dir, "qrels"));
    writeFileSync(join(dir, "corpus.jsonl"), '{"_id":"d1","title":"T1","text":"alpha"}\n{"_id":"d2","title":"T2","text":"beta"}\n');
    writeFileSync(join(dir, "queries.jsonl"), '{"_id":"q1","text":"alpha?"}\n{"_id":"q2","text":"unjudged"}\n');
    writeFileSync(join(dir, "qrels", "train.tsv"), "query-id\tcorpus-id\tscore\nq1\td2\t1\n");
    const ds = await loadDataset(dir, { workDir: tmp(), labelled });
    expect(ds.kind).toBe("beir");
    expect(ds.queries.map((q) => [q.id, [...q.qrels]])).toEqual([["q1", [["d2", 1]]]]);
    expect(ds.docKey(`${join(dir, "corpus.jsonl")}#d2`)).toBe("d2");
    expect((await ds.rawDocuments()).map((d) => d.key)).toEqual(["d1", "d2"]);
  });

  it("reads a sectioned manual: sections become Markdown files, questions map to their section by URL", async () => {
    const dir = tmp();
    const work = tmp();
    writeFileSync(
      join(dir, "x_manual_corpus.json"),
      JSON.stringify({
        section_0: { id: "section_0", title: "Wi-Fi", text: ["Wi-Fi", "Tap Connections.", "See ."], section_url: "https://m/wifi.html#a" },
        section_1: { id: "section_1", title: "GPS", text: ["GPS", "Tap Location."], section_url: "https://m/gps.html" },
      }),
    );
    writeFileSync(
      join(dir, "x_50_questions.csv"),
      'question_id,question,section_path,section_link,answer\n7,"How do I turn on GPS, please?",S>L,http://m/gps.html,"Tap ""Location""."\n',
    );
    const ds = await loadDataset(dir, { workDir: work, labelled });
    expect(ds.queries).toEqual([{ id: "7", text: "How do I turn on GPS, please?", qrels: new Map([["section_1", 1]]), answerable: true }]);
    expect(ds.docKey(join(work, "corpus", "section_1.md"))).toBe("section_1");
    expect((await ds.rawDocuments())[0]?.text).toBe("# Wi-Fi\n\nTap Connections.\n");
  });

  it("maps a question to the section its section_path names on the linked page, not the page's first section", async () => {
    const dir = tmp();
    const sec = (id: string, title: string, url: string, hierarchy: string) => ({
      id,
      title,
      text: [title, `${title} text.`],
      section_url: url,
      section_hierarchy: hierarchy,
    });
    writeFileSync(
      join(dir, "x_manual_corpus.json"),
      JSON.stringify({
        section_0: sec("section_0", "Apps", "https://m/apps.html", "section_0"),
        section_1: sec("section_1", "Camera", "https://m/camera.html", "section_0>section_1"),
        section_2: sec("section_2", "Camera settings", "https://m/camera.html#s", "section_0>section_1>section_2"),
        section_3: sec("section_3", "Camera settings", "https://m/other.html#s", "section_0>section_1>section_3"),
      }),
    );
    writeFileSync(
      join(dir, "x_50_questions.csv"),
      [
        "question_id,question,section_path,section_link,answer",
        "1,Which camera settings?,Apps>Camera>Camera settings,https://m/camera.html,x",
        "2,What is the camera?,Apps>Nowhere,https://m/camera.html,x",
      ].join("\n"),
    );
    const ds = await loadDataset(dir, { workDir: tmp(), labelled });
    expect(ds.queries.map((q) => [q.id, [...q.qrels.keys()]])).toEqual([
      ["1", ["section_2"]],
      ["2", ["section_1"]],
    ]);
  });

  // E-Manual S10 has three sections holding only their title (device images): written as files,
  // ingestion skipped them as "no text found" and 448 of 451 sections landed with no word why.
  it("indexes every manual section with text and reports the title-only ones it leaves out", async () => {
    const dir = tmp();
    const work = tmp();
    writeFileSync(
      join(dir, "x_manual_corpus.json"),
      JSON.stringify({
        section_0: { id: "section_0", title: "Wi-Fi", text: ["Wi-Fi", "Tap Connections."], section_url: "https://m/wifi.html" },
        section_1: { id: "section_1", title: "Galaxy S10e", text: ["Galaxy S10e"], section_url: "https://m/s10e.html" },
        section_2: { id: "section_2", title: "Memory card", text: ["Memory card", "See ."], section_url: "https://m/card.html" },
        section_3: { id: "section_3", title: "GPS", text: ["Tap Location."], section_url: "https://m/gps.html" },
      }),
    );
    writeFileSync(
      join(dir, "x_50_questions.csv"),
      "question_id,question,section_link\n1,What does the S10e look like?,https://m/s10e.html\n",
    );
    mkdirSync(join(work, "corpus"));
    writeFileSync(join(work, "corpus", "section_9.md"), "# Left over\n\nFrom an earlier corpus.\n");
    const ds = await loadDataset(dir, { workDir: work, labelled });
    expect(ds.omitted?.map((o) => o.key)).toEqual(["section_1", "section_2"]);
    expect(ds.description).toContain("4 sections (2 indexed; 2 title-only, not indexed: section_1, section_2)");
    expect(ds.description).toContain("1 of them to a title-only one");
    expect((await ds.rawDocuments()).map((d) => d.key)).toEqual(["section_0", "section_3"]);

    const store = await memoryStore();
    const embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
    try {
      const summary = await ingest({ store, embeddings, paths: ds.corpus[0]!.paths, source: "manual" });
      expect(summary.skipped).toEqual([]);
      const stored = (await store.listDocuments({ source: "manual" })).map((d) => ds.docKey(d.uri)).sort();
      expect(stored).toEqual(["section_0", "section_3"]);
      expect(stored.length + ds.omitted!.length).toBe(4);
    } finally {
      await embeddings.close();
      await store.close();
    }
  }, 60_000);

  it("turns labelled path patterns into qrels once the stored documents are known", async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, "questions.jsonl"),
      [
        JSON.stringify({ query: "q1", expected_source: "docs", relevant: ["docs/**/*.md"], answerable: true }),
        JSON.stringify({ query: "q2", relevant: [], answerable: false }),
      ].join("\n"),
    );
    const ds = await loadDataset(join(dir, "questions.jsonl"), {
      workDir: tmp(),
      labelled: { root: "/repo", corpus: [{ source: "docs", paths: ["docs"] }] },
    });
    ds.resolveQrels?.(["/repo/docs/guides/a.md", "/repo/src/b.ts"]);
    expect(ds.queries.map((q) => [q.expectedSource, q.answerable, [...q.qrels.keys()]])).toEqual([
      ["docs", true, ["docs/guides/a.md"]],
      [undefined, false, []],
    ]);
    expect(datasetName(join(dir, "questions.jsonl"))).toMatch(/^sw-eval-/);
  });

  it("takes a labelled set's corpus, pattern root and profiles from the sources.json beside it", async () => {
    const data = tmp();
    mkdirSync(join(data, "pdfs"));
    writeFileSync(join(data, "pdfs", "rivers.pdf"), await makeFontHeadingsPdf());
    const dir = tmp();
    writeFileSync(
      join(dir, "questions.jsonl"),
      `${JSON.stringify({ query: "How were rivers sampled?", relevant: ["rivers.pdf"], answerable: true, pages: [2] })}\n`,
    );
    writeFileSync(
      join(dir, "sources.json"),
      JSON.stringify({
        root: join("..", data.split(/[\\/]/).at(-1)!, "pdfs"),
        sources: [{ source: "pdfs", paths: ["rivers.pdf"], profile: { summary: "Field notes", indicators: ["river"] } }],
      }),
    );
    const ds = await loadDataset(join(dir, "questions.jsonl"), { workDir: tmp(), labelled });
    expect(ds.corpus).toEqual([{ source: "pdfs", paths: [join(data, "pdfs", "rivers.pdf")] }]);
    expect(ds.profiles?.map((p) => [p.name, p.summary, p.indicators])).toEqual([["pdfs", "Field notes", ["river"]]]);
    ds.resolveQrels?.([join(data, "pdfs", "rivers.pdf")]);
    expect(ds.queries.map((q) => [[...q.qrels.keys()], q.pages])).toEqual([[["rivers.pdf"], [2]]]);
    // The naive baseline reads the PDF's text, not its bytes.
    const [raw] = await ds.rawDocuments();
    expect(raw?.key).toBe("rivers.pdf");
    expect(raw?.text).toContain("Sampling line 1 ");
    expect(raw?.text).not.toContain("%PDF");
  });

  it("refuses a sources.json whose corpus is missing, naming the path", async () => {
    const dir = tmp();
    writeFileSync(join(dir, "questions.jsonl"), '{"query":"q","relevant":[]}\n');
    writeFileSync(join(dir, "sources.json"), JSON.stringify([{ source: "docs", paths: ["gone"] }]));
    await expect(loadDataset(join(dir, "questions.jsonl"), { workDir: tmp(), labelled })).rejects.toThrow(
      /corpus paths that do not exist: .*gone/,
    );
    writeFileSync(join(dir, "sources.json"), JSON.stringify([{ source: "docs" }]));
    await expect(loadDataset(join(dir, "questions.jsonl"), { workDir: tmp(), labelled })).rejects.toThrow(
      /sources\.json: sources\.0\.paths/,
    );
  });

  it("refuses a labelled line without a query, naming the line", async () => {
    const dir = tmp();
    writeFileSync(join(dir, "q.jsonl"), '{"query":"ok","relevant":[]}\n{"relevant":[]}\n');
    await expect(loadDataset(join(dir, "q.jsonl"), { workDir: tmp(), labelled })).rejects.toThrow(/q\.jsonl:2: query/);
  });

  it("parses quoted CSV fields and globs", () => {
    expect(parseCsv('a,b\n"x, ""y""\nz",2\n')).toEqual([
      ["a", "b"],
      ['x, "y"\nz', "2"],
    ]);
    expect(globToRegExp("src/**/*.ts").test("src/a/b/c.ts")).toBe(true);
    expect(globToRegExp("src/*.ts").test("src/a/c.ts")).toBe(false);
    expect(globToRegExp("docs/a.md").test("docs/aXmd")).toBe(false);
  });
});

describe("frozen question sets over a BEIR folder, a manual, or globbed files", () => {
  it("appends the JSONL's unanswerable questions to a BEIR folder's odd-position questions", async () => {
    const data = tmp();
    mkdirSync(join(data, "qrels"));
    writeFileSync(join(data, "corpus.jsonl"), '{"_id":"d1","title":"T1","text":"alpha"}\n');
    writeFileSync(
      join(data, "queries.jsonl"),
      ["q0", "q1", "q2", "q3"].map((id) => JSON.stringify({ _id: id, text: `${id}?` })).join("\n"),
    );
    writeFileSync(join(data, "qrels", "train.tsv"), "query-id\tcorpus-id\tscore\nq0\td1\t1\nq1\td1\t1\nq2\td1\t1\nq3\td1\t1\n");
    const set = join(tmp(), "frozen");
    mkdirSync(set);
    writeFileSync(join(set, "sources.json"), JSON.stringify({ beir: data, positions: "odd" }));
    writeFileSync(join(set, "questions.jsonl"), '{"query": "Does X cure Y?", "answerable": false}\n');
    const ds = await loadDataset(join(set, "questions.jsonl"), { workDir: tmp(), labelled });
    expect(ds.queries.map((q) => [q.id, q.answerable])).toEqual([
      ["q1", true],
      ["q3", true],
      ["extra-1", false],
    ]);
    expect(ds.description).toContain("+ 1 from");
  });

  it("keeps only the JSONL's questions with positions none (tuning questions over a frozen corpus)", async () => {
    const data = tmp();
    mkdirSync(join(data, "qrels"));
    writeFileSync(join(data, "corpus.jsonl"), '{"_id":"d1","title":"T1","text":"alpha"}\n');
    writeFileSync(join(data, "queries.jsonl"), JSON.stringify({ _id: "q0", text: "q0?" }));
    writeFileSync(join(data, "qrels", "train.tsv"), "query-id\tcorpus-id\tscore\nq0\td1\t1\n");
    const set = join(tmp(), "tuning");
    mkdirSync(set);
    writeFileSync(join(set, "sources.json"), JSON.stringify({ beir: data, positions: "none" }));
    writeFileSync(join(set, "questions.jsonl"), '{"query": "Is alpha T1?", "relevant": ["d1"], "answerable": true}\n');
    const ds = await loadDataset(join(set, "questions.jsonl"), { workDir: tmp(), labelled });
    expect(ds.queries.map((q) => [q.id, [...q.qrels.keys()]])).toEqual([["extra-1", ["d1"]]]);
  });

  it("expands a * in a sources.json path to the folder's matching files", async () => {
    const root = tmp();
    for (const f of ["sql-select.html", "sql-insert.html", "tutorial-join.html"]) writeFileSync(join(root, f), "<h1>x</h1><p>y</p>");
    const set = tmp();
    writeFileSync(join(set, "sources.json"), JSON.stringify({ root, sources: [{ source: "api_reference", paths: ["sql-*.html"] }] }));
    writeFileSync(join(set, "questions.jsonl"), '{"query": "select?", "relevant": ["sql-select.html"]}\n');
    const ds = await loadDataset(join(set, "questions.jsonl"), { workDir: tmp(), labelled });
    expect(ds.corpus).toEqual([{ source: "api_reference", paths: [join(root, "sql-insert.html"), join(root, "sql-select.html")] }]);
  });
});
