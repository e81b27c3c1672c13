import type { SqlStore } from "../../src/storage/store.js";
import { doc, section } from "./store.js";

/** The fake embedding model of tenant fixtures: 3 dimensions, so no model has to load. */
export const FAKE_MODEL = { id: "test/fake-3d", dimension: 3 };

/**
 * Two tenants with look-alike corpora: the same URIs, sources and topics, and the same words
 * ("trapezoid"), so any missing tenant filter shows up as a foreign row. Every globex chunk
 * carries the marker word GLOBEX.
 */
export async function writeTenantFixture(store: SqlStore): Promise<void> {
  await store.useEmbedding(FAKE_MODEL.id, FAKE_MODEL.dimension);
  for (const tenant of ["acme", "globex"]) {
    const mark = tenant === "globex" ? " GLOBEX" : "";
    await store.writeDocuments([
      doc(
        "guide.md",
        [
          section(`The trapezoid guide overview.${mark}`, { sectionTitle: "Overview", embedding: [1, 0, 0] }),
          // A long section split in two children: the parent is kept for expansion, not searched.
          section(`Parent: trapezoid gradients in detail.${mark}`, { chunkIndex: 1, searchable: false, sectionTitle: "Gradients" }),
          section(`makeTrapezoid builds a trapezoid gradient.${mark}`, {
            chunkIndex: 2,
            kind: "chunk",
            parentIndex: 1,
            sectionTitle: "Gradients",
            embedding: [0.9, 0.1, 0],
          }),
          section(`Trapezoid ramp times and flat top.${mark}`, {
            chunkIndex: 3,
            kind: "chunk",
            parentIndex: 1,
            sectionTitle: "Gradients",
            embedding: [0.8, 0.2, 0],
          }),
        ],
        { tenant, title: "Guide" },
      ),
      doc("billing.md", [section(`Trapezoid billing plans and invoices.${mark}`, { embedding: [0, 1, 0] })], {
        tenant,
        topics: ["billing"],
        title: "Billing",
      }),
    ]);
  }
}

/** True when a row belongs to globex (by its marker word). */
export const isGlobex = (h: { content: string }) => h.content.includes("GLOBEX");
