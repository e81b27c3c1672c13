import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recomputedStats } from "../../test/helpers/bm25.js";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { EmbeddingMismatchError } from "../errors.js";
import { applyRuntimeMigration, loadMigrations, migrate } from "./migrate.js";
import type { SqlStore } from "./store.js";

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
});
afterEach(async () => {
  await store.close();
});

describe("migrations", () => {
  it("are recorded and applied once", async () => {
    const names = (await loadMigrations()).map((m) => m.name);
    const { rows } = await store.client.query<{ name: string }>("select name from sw_migrations order by name");
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(await store.migrate()).toEqual([]);
  });

  it("refuse an applied migration whose file changed", async () => {
    const [first] = await loadMigrations();
    await expect(migrate(store.client, [{ ...first!, checksum: "edited" }])).rejects.toThrow(/applied with different contents/);
  });

  it("record the embedding dimension chosen at the first ingest as a runtime migration", async () => {
    await store.useEmbedding("test/wide", 768);
    const runtime = async () =>
      (await store.client.query<{ name: string }>("select name from sw_migrations where name like 'runtime:%'")).rows.map((r) => r.name);
    expect(await runtime()).toEqual(["runtime:embedding_dimension:768"]);
    const { rows } = await store.client.query<{ type: string; indexdef: string }>(
      `select format_type(a.atttypid, a.atttypmod) as type, i.indexdef from pg_attribute a, pg_indexes i
       where a.attrelid = 'chunks'::regclass and a.attname = 'embedding' and i.indexname = 'chunks_embedding_idx'`,
    );
    expect(rows).toEqual([{ type: "vector(768)", indexdef: expect.stringMatching(/USING hnsw \(embedding vector_cosine_ops\)/) }]);
    expect(await store.migrate()).toEqual([]);
    await expect(applyRuntimeMigration(store.client, { name: "embedding_dimension:3", sql: "select 1" })).rejects.toThrow(/runtime:/);
    await expect(store.useEmbedding("test/huge", 3072)).rejects.toThrow(/not a dimension the index can hold/);
    expect(await runtime()).toEqual(["runtime:embedding_dimension:768"]);
  });
});

describe("BM25 in SQL", () => {
  it("scores equal a hand-computed Okapi BM25 example", async () => {
    await store.writeDocuments([doc("a", [section("cat cat dog")]), doc("b", [section("dog bird")]), doc("c", [section("fish")])]);
    // N = 3, avgdl = (3 + 2 + 1) / 3 = 2, k1 = 0.9, b = 0.4.
    // "cat": df 1, idf = ln(1 + 2.5 / 1.5) = 0.980829; doc a: tf 2, dl 3
    //   2 * 1.9 / (2 + 0.9 * (0.6 + 0.4 * 1.5)) = 3.8 / 3.08 = 1.233766 -> 1.210118
    // "dog": df 2, idf = ln(1 + 1.5 / 2.5) = 0.470004
    //   doc a: 1.9 / (1 + 1.08) = 0.913462 -> 0.429331; doc b: dl 2: 1.9 / (1 + 0.9) = 1 -> 0.470004
    const hits = await store.matchBm25("cats and dogs", { limit: 10 });
    expect(hits.map((h) => h.uri)).toEqual(["a", "b"]);
    expect(hits[0]!.score).toBeCloseTo(1.210118 + 0.429331, 5);
    expect(hits[1]!.score).toBeCloseTo(0.470004, 5);
  });

  it("weights fields: a title match outranks a body match when the title weight is raised", async () => {
    await store.writeDocuments([
      doc("t", [section("unrelated words here")], { title: "Trapezoid gradients" }),
      doc("b", [section("a trapezoid in the body text")], { title: "Other" }),
    ]);
    const plain = await store.matchBm25("trapezoid", { bm25: { titleWeight: 0 } });
    expect(plain.map((h) => h.uri)).toEqual(["b"]);
    const boosted = await store.matchBm25("trapezoid", { bm25: { titleWeight: 3 } });
    expect(boosted[0]!.uri).toBe("t");
  });

  it("lists the sources a tenant has documents in (indexedSources), as its documents say", async () => {
    expect(await store.indexedSources()).toEqual([]);
    await store.writeDocuments([
      doc("a", [section("alpha")], { source: "manual" }),
      doc("b", [section("beta")], { source: "api" }),
      doc("c", [section("gamma")], { source: "manual" }),
      doc("d", [section("delta")], { source: "examples", tenant: "other" }),
    ]);
    expect(await store.indexedSources()).toEqual(["api", "manual"]);
    expect(await store.indexedSources("other")).toEqual(["examples"]);
    const api = (await store.listDocuments()).find((d) => d.source === "api")!;
    await store.deleteDocuments("default", [api.id]);
    expect(await store.indexedSources()).toEqual(["manual"]);
    for (const t of ["default", "other"])
      expect(await store.indexedSources(t)).toEqual([...new Set((await store.listDocuments({ tenant: t })).map((d) => d.source))].sort());
  });

  it("keeps document frequencies and lengths right after replace and delete", async () => {
    await store.writeDocuments([
      doc("a", [section("alpha beta gamma"), section("beta delta", { chunkIndex: 1 })]),
      doc("b", [section("gamma epsilon")], { tenant: "other" }),
    ]);
    await store.writeDocuments([doc("a", [section("beta zeta zeta")], { contentHash: "v2" })]);
    let s = await recomputedStats(store);
    expect(s.kept).toEqual(s.df);
    expect(s.keptCorpus).toEqual(s.corpus);
    expect(s.kept.find((r) => r.term === "alpha")).toBeUndefined();
    const [other] = await store.listDocuments({ tenant: "other" });
    await store.deleteDocuments("other", [other!.id]);
    s = await recomputedStats(store);
    expect(s.kept).toEqual(s.df);
    expect(s.keptCorpus).toEqual(s.corpus);
    expect(s.kept.every((r) => r.tenant_id === "default")).toBe(true);
  });

  it("writes every posting at its tenant's reference length, from a tenant's first statement on", async () => {
    // One statement opens two tenants (their postings are written by the statement trigger), with
    // a row of stop words only (no lexeme) and a camelCase identifier; later statements add to them.
    await store.writeDocuments([
      doc("a", [section("makeTrapezoid builds a trapezoid gradient"), section("the of and", { chunkIndex: 1 })], { title: "Gradients" }),
      doc("b", [section("gamma epsilon epsilon", { sectionTitle: "Greek letters" })], { tenant: "other" }),
    ]);
    await store.writeDocuments([doc("c", [section("trapezoid ramps and a much longer body of text about gradient ramps")])]);
    await store.writeDocuments([doc("b2", [section("epsilon")], { tenant: "other" })]);
    const s = await recomputedStats(store);
    expect(s.kept).toEqual(s.df);
    expect(s.keptCorpus).toEqual(s.corpus);
    const { rows } = await store.client.query<{ tenant_id: string; postings: number; off: number; lengths_off: number }>(
      `select ct.tenant_id, count(*)::int as postings,
         count(*) filter (where ct.impact <> sw_bm25_impact(ct.tf_title + ct.tf_section + ct.tf_body,
           ct.len_title + ct.len_section + ct.len_body, b.impact_avgdl))::int as off,
         count(*) filter (where (ct.len_title, ct.len_section, ct.len_body) <> (c.len_title, c.len_section, c.len_body))::int as lengths_off
       from chunk_terms ct join bm25_corpus b using (tenant_id) join chunks c on c.id = ct.chunk_id
       group by 1 order by 1`,
    );
    expect(rows).toEqual([
      { tenant_id: "default", postings: expect.any(Number), off: 0, lengths_off: 0 },
      { tenant_id: "other", postings: 5, off: 0, lengths_off: 0 },
    ]);
    expect((await store.matchBm25("trapezoid")).map((h) => h.uri)).toEqual(["a", "c"]);
    const [stopWords] = (await store.getDocumentChunks("default", (await store.listDocuments()).find((d) => d.uri === "a")!.id)).slice(1);
    expect(stopWords!.content).toBe("the of and");
  });

  it("finds the exact top k without scoring every chunk of a common term", async () => {
    // "kernel" in every chunk (common), "spinlock" and "mutex" in a few (rare), varying lengths.
    const docs = Array.from({ length: 12 }, (_, d) =>
      doc(
        `k${d}`,
        Array.from({ length: 5 }, (_, i) => {
          const n = d * 5 + i;
          const words = [`kernel ${"kernel ".repeat(n % 4)}module text ${"filler ".repeat(n % 7)}`];
          if (n % 9 === 0) words.push("spinlock spinlock");
          if (n % 13 === 0) words.push("mutex");
          if (n % 11 === 0) words.push("spinlock");
          return section(words.join(" "), { chunkIndex: i, sectionTitle: n % 5 === 0 ? "kernel locking" : null });
        }),
        { title: d % 3 === 0 ? "Kernel spinlock guide" : "Kernel" },
      ),
    );
    await store.writeDocuments(docs);
    const full = async (q: string, k: number, topics: string[] | null = null) =>
      (
        await store.client.query<{ chunk_id: string; score: number }>(
          `select chunk_id, score from sw_bm25_scores($1, 'default', null, $3::text[], null) order by score desc, chunk_id limit $2`,
          [q, k, topics],
        )
      ).rows;
    const top = async (q: string, k: number, topics: string[] | null = null) =>
      (
        await store.client.query<{ chunk_id: string; score: number }>(
          "select chunk_id, score from sw_bm25_top($1, $2, 'default', null, $3::text[], null)",
          [q, k, topics],
        )
      ).rows;
    for (const q of ["kernel spinlock", "kernel module mutex", "kernel kernel spinlock locking", "kernel", "mutex", "nothing here"]) {
      for (const k of [1, 3, 10, 100]) {
        const want = await full(q, k);
        const got = await top(q, k);
        expect(
          got.map((r) => r.chunk_id),
          `${q} @${k}`,
        ).toEqual(want.map((r) => r.chunk_id));
        got.forEach((r, i) => expect(r.score).toBeCloseTo(want[i]!.score, 9));
      }
    }
    expect(await top("kernel spinlock", 3, ["none"])).toEqual(await full("kernel spinlock", 3, ["none"]));
  });

  it("reads a bounded head of impact-ordered postings for the hybrid, exact whenever it says so", async () => {
    // 480 chunks (more postings per common word than a read of 64): a skewed vocabulary, two
    // sources and topics; the second half is longer, so the average length drifts (by less than
    // the 25% that recomputes the impacts) after the impacts were computed.
    const vocab = ["driver", "memory", "page", "lock", "device", "queue", "irq", "buffer", "cache", "timer", "scheduler", "filesystem"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const text = (words: number) =>
      Array.from({ length: words }, () => vocab[Math.min(vocab.length - 1, Math.floor(vocab.length * next() ** 2))]!).join(" ");
    const batch = (from: number, words: number) =>
      Array.from({ length: 12 }, (_, d) =>
        doc(
          `t${from + d}`,
          Array.from({ length: 20 }, (_, i) =>
            section(text(words + (i % 7)), { chunkIndex: i, sectionTitle: i % 4 === 0 ? text(3) : null }),
          ),
          { title: text(2), source: d % 3 === 0 ? "api" : "docs", topics: [d % 2 === 0 ? "even" : "odd"] },
        ),
      );
    await store.writeDocuments(batch(0, 8));
    const before = (await store.client.query<{ ref: number }>("select impact_avgdl as ref from bm25_corpus")).rows[0]!.ref;
    await store.writeDocuments(batch(12, 11));
    const { rows: corpus } = await store.client.query<{ ref: number; avgdl: number }>(
      "select impact_avgdl as ref, (sum_len_title + sum_len_section + sum_len_body)::float8 / n_chunks as avgdl from bm25_corpus",
    );
    expect(corpus[0]!.ref).toBe(before);
    expect(corpus[0]!.avgdl).toBeGreaterThan(corpus[0]!.ref * 1.05);
    type Row = { chunk_id: string; score: number; exact?: boolean };
    // Rows as "score id", scores to 9 digits (summation order differs between the two functions).
    const keyed = (rows: Row[]) => rows.map((r) => `${r.score.toFixed(9)} ${r.chunk_id}`).sort();
    const full = async (q: string, k: number, sources: string[] | null, topics: string[] | null) =>
      (
        await store.client.query<Row>(
          `select chunk_id, score from sw_bm25_scores($1, 'default', $3::text[], $4::text[], null) order by score desc, chunk_id limit $2`,
          [q, k, sources, topics],
        )
      ).rows;
    const head = async (q: string, k: number, depth: number, sources: string[] | null, topics: string[] | null) =>
      (
        await store.client.query<Row>(
          "select chunk_id, score, exact from sw_bm25_head($1, $2, $3, 'default', $4::text[], $5::text[], null)",
          [q, k, depth, sources, topics],
        )
      ).rows;
    let exact = 0;
    let approximate = 0;
    for (const q of [
      "driver memory",
      "driver memory page lock device",
      "filesystem scheduler driver",
      "timer",
      "cache queue irq driver driver",
    ]) {
      for (const k of [1, 5, 20]) {
        for (const [sources, topics] of [
          [null, null],
          [["api"], null],
          [null, ["odd"]],
        ] as const) {
          const [s, t] = [sources ? [...sources] : null, topics ? [...topics] : null];
          const want = await full(q, k, s, t);
          // A depth past every list is the whole index: exact, and said so.
          const whole = await head(q, k, 10_000, s, t);
          expect(whole.every((r) => r.exact)).toBe(true);
          expect(keyed(whole), `${q} @${k} ${s} ${t}`).toEqual(keyed(want));
          // A short read: when it says exact, it is; when not, its scores are still true BM25 scores.
          const short = await head(q, k, 64, s, t);
          if (short[0]?.exact) {
            exact++;
            expect(keyed(short), `${q} @${k} ${s} ${t} (depth 64)`).toEqual(keyed(want));
          } else {
            approximate++;
            const all = new Map((await full(q, 1000, s, t)).map((r) => [r.chunk_id, r.score]));
            for (const r of short) expect(r.score).toBeCloseTo(all.get(r.chunk_id)!, 9);
          }
        }
      }
    }
    expect(exact).toBeGreaterThan(0);
    expect(approximate).toBeGreaterThan(0);
  });

  it("does not search split parents, only their children", async () => {
    await store.writeDocuments([
      doc("p", [
        section("parent text about magnets", { kind: "section", searchable: false, chunkIndex: 0 }),
        section("child about magnets", { kind: "chunk", parentIndex: 0, chunkIndex: 1 }),
      ]),
    ]);
    const hits = await store.matchBm25("magnets");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.kind).toBe("chunk");
    const [parent] = await store.getChunks("default", [hits[0]!.parentId!]);
    expect(parent!.content).toBe("parent text about magnets");
  });
});

describe("filters apply on every side", () => {
  beforeEach(async () => {
    await store.useEmbedding("test/fixed", 3);
    await store.writeDocuments([
      doc("api.m", [section("makeTrapezoid creates a trapezoid gradient", { embedding: [1, 0, 0] })], {
        source: "api_reference",
        topics: ["gradients"],
      }),
      doc("guide.md", [section("a guide to trapezoid gradient shapes", { embedding: [0.9, 0.1, 0] })], {
        source: "docs",
        topics: ["gradients", "intro"],
      }),
      doc("rf.md", [section("rf pulses and trapezoid timing", { embedding: [0, 1, 0] })], { source: "docs", topics: ["rf"] }),
      doc("api.m", [section("makeTrapezoid in another tenant", { embedding: [1, 0, 0] })], { tenant: "acme", source: "api_reference" }),
    ]);
  });

  const sides = {
    bm25: (s: SqlStore, f: object) => s.matchBm25("trapezoid", { filters: f }),
    vector: (s: SqlStore, f: object) => s.matchVector([1, 0, 0], { filters: f }),
    hybrid: (s: SqlStore, f: object) => s.matchHybrid("trapezoid", [1, 0, 0], { filters: f }),
    "hybrid with its vector ids": async (s: SqlStore, f: object) =>
      s.matchHybrid("trapezoid", [1, 0, 0], { filters: f, vectorIds: await s.vectorIds([1, 0, 0], { filters: f }) }),
  };

  for (const [name, run] of Object.entries(sides)) {
    it(`${name}: tenant, sources, topics, document ids and min score`, async () => {
      const all = await run(store, {});
      expect(all.map((h) => h.uri).sort()).toEqual(["api.m", "guide.md", "rf.md"]);
      expect((await run(store, { tenant: "acme" })).map((h) => h.content)).toEqual(["makeTrapezoid in another tenant"]);
      expect((await run(store, { sources: ["docs"] })).map((h) => h.uri).sort()).toEqual(["guide.md", "rf.md"]);
      expect((await run(store, { topics: ["rf"] })).map((h) => h.uri)).toEqual(["rf.md"]);
      const guideId = all.find((h) => h.uri === "guide.md")!.documentId;
      expect((await run(store, { documentIds: [guideId] })).map((h) => h.uri)).toEqual(["guide.md"]);
      const top = all[0]!.score;
      const strict = await run(store, { minScore: top });
      expect(strict.length).toBeGreaterThanOrEqual(1);
      expect(strict.every((h) => h.score >= top)).toBe(true);
      expect(strict.length).toBeLessThan(all.length);
    });
  }

  it("hybrid given its vector ids returns what it finds searching, and keeps given ids to its filters", async () => {
    const ids = await store.vectorIds([0, 1, 0]);
    expect(ids).toHaveLength(3);
    const searched = await store.matchHybrid("trapezoid gradient", [0, 1, 0], { limit: 10 });
    expect(await store.matchHybrid("trapezoid gradient", [0, 1, 0], { limit: 10, vectorIds: ids })).toEqual(searched);
    expect(searched.some((h) => h.vectorRank === 1)).toBe(true);
    // Another tenant's ids passed in are not candidates: acme's chunk is not returned to default.
    const acme = await store.vectorIds([1, 0, 0], { filters: { tenant: "acme" } });
    expect(acme).toHaveLength(1);
    const mixed = await store.matchHybrid("unrelated words", [1, 0, 0], { limit: 10, vectorIds: [...acme, ...ids] });
    expect(mixed.map((h) => h.id)).not.toContain(acme[0]);
    expect(mixed.map((h) => h.uri).sort()).toEqual(["api.m", "guide.md", "rf.md"]);
  });

  it("hybrid boosts exact identifiers and reports its components", async () => {
    const hits = await store.matchHybrid("trapezoid gradient", [0, 1, 0], {
      fusion: { exactTerms: ["makeTrapezoid"], exactWeight: 1 },
    });
    expect(hits[0]!.uri).toBe("api.m");
    expect(hits[0]!.exactScore).toBe(1);
    expect(hits[0]!.lexicalScore).toBeGreaterThan(0);
    expect(hits[0]!.vectorScore).toBeCloseTo(0, 5);
    const rrf = await store.matchHybrid("trapezoid gradient", [1, 0, 0], { fusion: { fusion: "rrf" } });
    for (const h of rrf) {
      const expected = (h.lexicalRank ? 0.75 / (60 + h.lexicalRank) : 0) + (h.vectorRank ? 0.25 / (60 + h.vectorRank) : 0);
      expect(h.score).toBeCloseTo(expected, 9);
    }
    expect(rrf.map((h) => h.score)).toEqual([...rrf.map((h) => h.score)].sort((a, b) => b - a));
  });

  it("refuses vectors of another model once the index holds some", async () => {
    await expect(store.useEmbedding("local/use-lite", 512)).rejects.toBeInstanceOf(EmbeddingMismatchError);
    await expect(store.useEmbedding("test/fixed", 3)).resolves.toBeUndefined();
  });
});

describe("writes are atomic", () => {
  it("a failing replace leaves the stored document whole", async () => {
    await store.useEmbedding("test/fixed", 3);
    await store.writeDocuments([doc("a", [section("original text", { embedding: [1, 0, 0] })])]);
    const bad = doc("a", [section("new text", { embedding: [1, 0] })], { contentHash: "v2" });
    await expect(store.writeDocuments([bad])).rejects.toThrow(/dimension/i);
    const [ref] = await store.listDocuments();
    expect(ref!.contentHash).toBe("hash:a");
    const chunks = await store.getDocumentChunks("default", ref!.id);
    expect(chunks.map((c) => c.content)).toEqual(["original text"]);
  });
});

describe("term presence (the gate's df lookup)", () => {
  it("reports per phrase its lexemes, the smallest df, and whether a chunk holds it as a phrase, per tenant", async () => {
    await store.writeDocuments([
      doc("a", [section("Acme Corp sells rockets. The makeTrapezoid function builds gradients.")]),
      doc("b", [section("Globex sells hammocks and rockets.")]),
      doc("x", [section("Initech sells staplers.")], { tenant: "other" }),
    ]);
    const rows = await store.termPresence("default", ["rockets", "Initech", "makeTrapezoid", "Acme Corp", "Globex Corp", "the"]);
    expect(rows.map((r) => [r.phrase, r.lexemes, r.minDf, r.phraseFound])).toEqual([
      ["rockets", ["rocket"], 2, null],
      ["Initech", ["initech"], 0, null],
      ["makeTrapezoid", ["maketrapezoid"], 1, null],
      ["Acme Corp", ["acm", "corp"], 1, true],
      ["Globex Corp", ["corp", "globex"], 1, false],
      ["the", [], 0, null],
    ]);
    expect(rows.every((r) => r.indexed)).toBe(true);
    expect((await store.termPresence("nobody", ["rockets"]))[0]).toMatchObject({ minDf: 0, indexed: false });
    // Found as a phrase though its lexemes are in different chunks first: the check starts from the rarest lexeme.
    await store.writeDocuments([doc("c", [section("Corp news: acme.")]), doc("d", [section("The Acme Corp board met.")])]);
    expect((await store.termPresence("default", ["Acme Corp", "Globex Corp"])).map((r) => r.phraseFound)).toEqual([true, false]);
    // Spellings that differ in ASCII case only are answered alike, each under its own spelling, in order.
    const cased = await store.termPresence("default", ["ACME corp", "Globex Corp", "acme CORP", "Acme Corp"]);
    expect(cased.map((r) => [r.phrase, r.lexemes, r.minDf, r.phraseFound])).toEqual([
      ["ACME corp", ["acm", "corp"], 3, true],
      ["Globex Corp", ["corp", "globex"], 1, false],
      ["acme CORP", ["acm", "corp"], 3, true],
      ["Acme Corp", ["acm", "corp"], 3, true],
    ]);
    // The df alone, for many phrases (the synonym miner).
    expect(await store.termDf("default", ["rockets", "Acme Corp", "Initech", "the"])).toEqual([
      { phrase: "rockets", minDf: 2 },
      { phrase: "Acme Corp", minDf: 3 },
      { phrase: "Initech", minDf: 0 },
      { phrase: "the", minDf: 0 },
    ]);
  });

  it("says whether one chunk writes two keyword runs as written, case kept, per tenant", async () => {
    await store.writeDocuments([
      doc("a", [section("TRUNCATE quickly empties a table. TRUNCATE orders RESTART IDENTITY resets its sequences.")]),
      doc("b", [section("INSERT adds rows; a conflict makes it fail unless you ignore it with ON CONFLICT DO NOTHING.")]),
      doc("x", [section("INSERT IGNORE skips bad rows.")], { tenant: "other" }),
    ]);
    const pairs = [
      ["TRUNCATE", "RESTART IDENTITY"],
      ["INSERT", "IGNORE"],
      ["INSERT", "CONFLICT DO NOTHING"],
      ["ON", "CONFLICT"],
      ["TRUNCATE", "restart identity"],
      ["SELECT", "TOP"],
      ["INSERT", "IGNORE); drop"],
    ] as const;
    // Case kept: "ignore" in prose is not `IGNORE`, nor "restart identity" the written run; a run of
    // other characters than letters and underscores is never written.
    expect(await store.writtenTogether("default", pairs)).toEqual([true, false, true, true, false, false, false]);
    expect(await store.writtenTogether("other", [["INSERT", "IGNORE"]])).toEqual([true]);
    expect(await store.writtenTogether("default", [])).toEqual([]);
  });

  it("looks for code names and names of capitalised words as written, not as stems side by side", async () => {
    await store.writeDocuments([
      doc("a", [section("Use date_trunc to truncate a date. Add an interval with the + operator.")]),
      doc("b", [section("Turn on Wi-Fi sharing to quickly share your network with Galaxy Watches.")]),
      doc("c", [section("pg_dump --data-only dumps rows matching no filter. In psql, \\gexec runs each value; bind it first.")]),
    ]);
    const commands = await store.termPresence("default", [
      "--data-only",
      "--data",
      "--rows-matching",
      "\\gexec",
      "\\bind",
      "my_date_add_x",
    ]);
    expect(commands.map((r) => [r.phrase, r.phraseFound])).toEqual([
      ["--data-only", true],
      // A code name is matched whole: `--data` is not in "--data-only".
      ["--data", false],
      ["--rows-matching", false],
      ["\\gexec", true],
      // "bind" is a word of the text, not the meta-command.
      ["\\bind", false],
      ["my_date_add_x", false],
    ]);
    const rows = await store.termPresence("default", [
      "date_trunc",
      "DATE_TRUNC",
      "date_add",
      "Quick Share",
      "quick share",
      "Galaxy Watch",
      "Wi-Fi Sharing",
    ]);
    expect(rows.map((r) => [r.phrase, r.phraseFound])).toEqual([
      ["date_trunc", true],
      ["DATE_TRUNC", true],
      // "a date. Add": the stems side by side across a sentence end, not the function.
      ["date_add", false],
      // "quickly share": the stems of a name's words, not the name.
      ["Quick Share", false],
      ["quick share", true],
      // A plural either way is the name still.
      ["Galaxy Watch", true],
      ["Wi-Fi Sharing", true],
    ]);
  });
});
