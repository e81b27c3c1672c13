import { describe, expect, it } from "vitest";
import { findTables, isFormatLine, renderTable, withMarkdownTables } from "./tables.js";

// The [BLOCKS] section of the Pulseq specification as the PDF loader leaves it: one line per PDF line.
const BLOCKS = `The section containing sequence blocks is declared with the [BLOCKS] keyword.
<id > < duration > <rf > <gx > <adc > <ext >
Tag Type Description
<id> integer ID of the sequence block
<duration> integer duration of the current block in units of
BlockDurationRaster
<rf> integer ID of the RF event
<ext> integer ID of the extension table entry
The sequence must declare at least one block. Any non-zero number of blocks
may be defined.`;

describe("findTables", () => {
  it("reads a PDF column table: head words as columns, wrapped lines joined to their row, prose after it left out", () => {
    const [t, ...more] = findTables(BLOCKS);
    expect(more).toEqual([]);
    expect(t!.header).toEqual(["Tag", "Type", "Description"]);
    expect(t!.rows).toEqual([
      ["<id>", "integer", "ID of the sequence block"],
      ["<duration>", "integer", "duration of the current block in units of BlockDurationRaster"],
      ["<rf>", "integer", "ID of the RF event"],
      ["<ext>", "integer", "ID of the extension table entry"],
    ]);
    expect(t!.lead[0]).toMatch(/^The section containing sequence blocks/);
  });

  it("splits a short last column (units, status) only where rows end with the same kind of word", () => {
    const text = `Definition Description Status
GradientRasterTime Default raster time of the gradients, speci-
fied in seconds
required
Name Human-readable name of the
sequence
optional
FOV Field of view in meters
optional
TotalDuration Total duration in seconds
required`;
    expect(findTables(text)[0]!.rows).toEqual([
      ["GradientRasterTime", "Default raster time of the gradients, speci- fied in seconds", "required"],
      ["Name", "Human-readable name of the sequence", "optional"],
      ["FOV", "Field of view in meters", "optional"],
      ["TotalDuration", "Total duration in seconds", "required"],
    ]);
    // A last word that ends one row only is part of its description.
    expect(findTables("Tag Type Description Units\n<a> int first value meters\n<b> int second value –")[0]!.rows).toEqual([
      ["<a>", "int", "first value meters", ""],
      ["<b>", "int", "second value", "–"],
    ]);
  });

  it("reads HTML rows (cells joined by ' | ') and Markdown tables", () => {
    const html = findTables("Options:\nName | Default | Meaning\nmaxGrad | 40 | peak gradient\nmaxSlew | 170 | peak slew rate");
    expect(html[0]).toMatchObject({
      header: ["Name", "Default", "Meaning"],
      rows: [
        ["maxGrad", "40", "peak gradient"],
        ["maxSlew", "170", "peak slew rate"],
      ],
    });
    const md = findTables("| column | meaning |\n|---|---|\n| `<id>` | block number |\n| `<rf>` | RF event id |");
    expect(md[0]!.rows).toEqual([
      ["`<id>`", "block number"],
      ["`<rf>`", "RF event id"],
    ]);
  });

  it("does not take prose or a two-word heading for a table", () => {
    expect(findTables("Label Extension\nStarting from revision 1.3.1 both toolboxes support labels.")).toEqual([]);
    expect(findTables("Gradient events are trapezoids.\nThey ramp up and down.")).toEqual([]);
  });
});

describe("rendering", () => {
  it("renders Markdown with tags in code and a citation in each row's last cell", () => {
    expect(renderTable({ header: ["Tag", "Type"], rows: [["<id>", "integer"]] }, " [1]")).toBe(
      "| Tag | Type |\n|---|---|\n| `<id>` | integer [1] |",
    );
  });

  it("lays a block's tables out as Markdown and its format line as code, keeping every word", () => {
    const out = withMarkdownTables(BLOCKS);
    expect(out).toContain("`<id> <duration> <rf> <gx> <adc> <ext>`");
    expect(out).toContain("| `<duration>` | integer | duration of the current block in units of BlockDurationRaster |");
    expect(out).toContain("The sequence must declare at least one block.");
    const words = (s: string) => s.replace(/[^A-Za-z0-9]+/g, " ").trim();
    expect(words(out.replace(/\|---.*\n/g, ""))).toBe(words(BLOCKS));
  });

  it("knows a format line from prose", () => {
    expect(isFormatLine("<id > < duration > <rf >")).toBe(true);
    expect(isFormatLine("shape_id <id > num_samples <num > < sample_1 > ...")).toBe(true);
    expect(isFormatLine("The <id> field is separated from <key> by a space")).toBe(false);
  });
});
