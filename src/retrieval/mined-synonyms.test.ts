import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { SqlStore } from "../storage/store.js";
import { combinedIndex, MINED_SYNONYM_RULES, minedFor, minedSynonyms, questionSynonyms } from "./mined-synonyms.js";
import { expansions } from "./synonyms.js";

// A new SqlStore over the same database stands for a new process: the per-store memory is empty,
// only what the database keeps is shared.
const anotherProcess = (store: SqlStore) => new SqlStore(store.client);

const glossary = (uri: string, pairs: [string, string][], text: string) =>
  doc(uri, [section(text)], { metadata: { abbreviations: pairs }, contentHash: `hash:${uri}:${text}` });

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
  await store.writeDocuments([glossary("gre.md", [["GRE", "gradient echo"]], "A gradient echo (GRE) sequence.")]);
});
afterEach(() => store.close());

describe("minedSynonyms saved per tenant generation", () => {
  it("saves the weighed map, and a new process reads it instead of weighing the phrases again", async () => {
    const first = await minedSynonyms(store, "default");
    expect(first.gre).toEqual(["gradient echo"]);
    const generation = await store.tenantGeneration("default");
    expect(await store.savedMinedSynonyms("default", generation, MINED_SYNONYM_RULES)).toEqual(expect.objectContaining(first));

    const next = anotherProcess(store);
    const weighed = vi.spyOn(next, "termDf");
    const listed = vi.spyOn(next, "abbreviations");
    const again = await minedSynonyms(next, "default");
    expect(again).toEqual(first);
    // Same keys in the same order: the order decides the order of a query's expansions.
    expect(Object.keys(again)).toEqual(Object.keys(first));
    expect(weighed).not.toHaveBeenCalled();
    expect(listed).not.toHaveBeenCalled();
    // The short forms are saved with the map: only a question writing GRE as one expands it.
    expect((await minedFor(next, "default", "a GRE sequence")).gre).toEqual(["gradient echo"]);
    expect((await minedFor(next, "default", "a gre sequence")).gre).toBeUndefined();
    expect(listed).not.toHaveBeenCalled();
  });

  it("weighs the map again once the tenant's documents change, in this process and in a new one", async () => {
    await minedSynonyms(store, "default");
    await store.writeDocuments([glossary("epi.md", [["EPI", "echo planar imaging"]], "Echo planar imaging (EPI) is fast.")]);
    const fresh = await minedSynonyms(store, "default");
    expect(fresh.epi).toEqual(["echo planar imaging"]);
    expect(fresh.gre).toEqual(["gradient echo"]);
    const next = anotherProcess(store);
    const weighed = vi.spyOn(next, "termDf");
    expect(await minedSynonyms(next, "default")).toEqual(fresh);
    expect(weighed).not.toHaveBeenCalled();

    // A document deleted: the saved map of the older generation is not used.
    const [epi] = (await store.listDocuments({ tenant: "default" })).filter((d) => d.uri === "epi.md");
    await store.deleteDocuments("default", [epi!.id]);
    const after = await minedSynonyms(anotherProcess(store), "default");
    expect(after.epi).toBeUndefined();
    expect(after.gre).toEqual(["gradient echo"]);
  });

  it("ignores a map saved under other rules or for another tenant", async () => {
    const generation = await store.tenantGeneration("default");
    await store.saveMinedSynonyms("default", generation, `${MINED_SYNONYM_RULES}-old`, { stale: ["map"] });
    await store.saveMinedSynonyms("other", generation, MINED_SYNONYM_RULES, { other: ["tenant"] });
    const map = await minedSynonyms(anotherProcess(store), "default");
    expect(map.stale).toBeUndefined();
    expect(map.gre).toEqual(["gradient echo"]);
    // Recomputed under the current rules, and saved over the stale row.
    expect(await store.savedMinedSynonyms("default", generation, MINED_SYNONYM_RULES)).toEqual(expect.objectContaining(map));
  });

  it("never replaces a newer generation's map with an older one", async () => {
    await store.saveMinedSynonyms("default", "5", MINED_SYNONYM_RULES, { newer: ["map"] });
    await store.saveMinedSynonyms("default", "4", MINED_SYNONYM_RULES, { older: ["map"] });
    expect(await store.savedMinedSynonyms("default", "5", MINED_SYNONYM_RULES)).toEqual({ newer: ["map"] });
    expect(await store.savedMinedSynonyms("default", "4", MINED_SYNONYM_RULES)).toBeNull();
  });
});

describe("questionSynonyms", () => {
  const configured = { sac: ["sack"], rf: ["radiofrequency"] };
  const questions = [
    "Is the SAC silenced at anaphase?",
    "Macrophages stem from the embryonal yolk sac.",
    "Deleting Raptor increases G-CSF levels.",
    "Container port throughput (CPT) relates to dengue diffusion.",
    "A gre or GRE sequence with an rf pulse",
    "gradient echo timing of the sac",
  ];

  beforeEach(async () => {
    await store.writeDocuments([
      glossary("sac.md", [["SAC", "spindle assembly checkpoint"]], "The spindle assembly checkpoint (SAC) holds anaphase."),
      glossary("csf.md", [["CSF", "cerebrospinal fluid"]], "Cerebrospinal fluid (CSF) flows."),
      glossary("cpt.md", [["CPT", "cold pressor test"]], "A cold pressor test (CPT) hurts."),
    ]);
  });

  it("is the index of the question's mined synonyms, entry for entry and in the same order", async () => {
    for (const question of questions) {
      const expected = combinedIndex(configured, await minedFor(store, "default", question));
      const index = await questionSynonyms(store, "default", question, configured);
      expect([...index.entries()], question).toEqual([...expected.entries()]);
      expect(expansions(question, index), question).toEqual(expansions(question, expected));
    }
  });

  it("drops a short form the question does not write as one, back to its configured synonyms", async () => {
    const yolk = await questionSynonyms(store, "default", "Macrophages stem from the embryonal yolk sac.", configured);
    expect(yolk.get("sac")).toEqual(["sack"]);
    expect(expansions("the yolk sac", yolk)).toEqual(["sack"]);
    const written = await questionSynonyms(store, "default", "Is the SAC silenced?", configured);
    expect(written.get("sac")).toEqual(expect.arrayContaining(["sack", "spindle assembly checkpoint"]));
    // The same dropped short forms give the same index (a broaden round asks again).
    expect(await questionSynonyms(store, "default", "Macrophages stem from the embryonal yolk sac.", configured)).toBe(yolk);
  });
});
