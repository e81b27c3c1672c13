import { describe, expect, it } from "vitest";
import { extractConstraints, extractIdentifiers, extractKeyTerms, ownNames } from "./terms.js";

describe("extractIdentifiers", () => {
  it.each([
    ["What parameters does makeTrapezoid take?", ["makeTrapezoid"]],
    ["Is ExternalSequence thread-safe?", ["ExternalSequence"]],
    ["What does ADCEvent hold?", ["ADCEvent"]],
    ["Set max_grad in pp.Opts", ["max_grad", "pp.Opts"]],
    ["Call mr.makeTrapezoid with FlatTime", ["mr.makeTrapezoid", "makeTrapezoid", "FlatTime"]],
    ["Which pin is J14 on the header?", ["J14"]],
    ["I get E-1234 on startup", ["E-1234"]],
    ["What does the [BLOCKS] section hold, and [RF]?", ["[BLOCKS]", "[RF]"]],
    ["Why does foo() hang after seq.addBlock()?", ["foo", "seq.addBlock", "addBlock"]],
    ["Use `opts` here", ["opts"]],
    // A class's method written as a possessive is the dotted name; a function's option or a language's function is not.
    ["what are the inputs of mr.EventLibrary's find_mat?", ["mr.EventLibrary.find_mat", "find_mat"]],
    ["what does Sequence's addBlock take?", ["Sequence.addBlock", "addBlock"]],
    ["what does mr.makeTrapezoid's riseTime do?", ["mr.makeTrapezoid", "makeTrapezoid", "riseTime"]],
    ["what does MATLAB's makeTrapezoid return?", ["makeTrapezoid"]],
  ])("%s", (question, expected) => {
    expect(extractIdentifiers(question)).toEqual(expected);
  });

  it("ignores plain words, acronyms, plurals of acronyms, numbers and abbreviations", () => {
    expect(extractIdentifiers("How do EPI and GRE sequences (e.g. TSE) differ? TRs of 3e-3 s, the 2nd echo, EPIs")).toEqual([]);
  });

  it("does not take a unit with a metric prefix for code", () => {
    expect(extractIdentifiers("WURST pulses of 6 kHz bandwidth, 40 mT gradients, a 3 dB loss, B0 shimmed")).toEqual(["B0"]);
  });

  it("keeps a name once when it is written twice", () => {
    expect(extractIdentifiers("makeAdc vs makeAdc")).toEqual(["makeAdc"]);
  });
});

describe("extractKeyTerms", () => {
  it("keeps content words lower-case, in order, without stop words or question framing", () => {
    expect(extractKeyTerms("Show me an example of how the Slew Rate limits the gradient rise time")).toEqual([
      "slew",
      "rate",
      "limits",
      "gradient",
      "rise",
      "time",
    ]);
  });

  it("keeps dotted names, codes and numbers whole", () => {
    expect(extractKeyTerms("Does mr.makeAdc reject 3e-3 with E-1234?")).toEqual(["mr.makeadc", "reject", "3e-3", "e-1234"]);
  });

  it("drops the words of asking for code and of framing a search, not the topic's", () => {
    expect(extractKeyTerms("I'm trying to build a retry queue, can you give me the code?")).toEqual(["build", "retry", "queue"]);
    expect(extractKeyTerms("need a rate limiter, where's the script?")).toEqual(["rate", "limiter"]);
    expect(extractKeyTerms("which script shows a sticky footer?")).toEqual(["sticky", "footer"]);
    expect(extractKeyTerms("where can I find a CSV importer")).toEqual(["csv", "importer"]);
    expect(extractKeyTerms("I'm looking for a CSV importer")).toEqual(["csv", "importer"]);
    expect(extractKeyTerms("How does the code generator pick names?")).toEqual(["code", "generator", "pick", "names"]);
  });

  it("is empty for chit-chat", () => {
    expect(extractKeyTerms("hi, how are you?")).toEqual([]);
  });
});

describe("extractConstraints", () => {
  it("keeps an identifier without its package, a bracketed tag without brackets", () => {
    expect(extractConstraints("What parameters does mr.makeSpiralGradient take?")).toEqual(["makeSpiralGradient"]);
    expect(extractConstraints("How do I use pp.make_chirp_pulse?")).toEqual(["make_chirp_pulse"]);
    expect(extractConstraints("Which fields does the [FINGERPRINT] section hold?")).toEqual(["FINGERPRINT"]);
  });

  it("does not keep the snake_case names a question gives its own things, but keeps names it asks about", () => {
    expect(extractConstraints("Can I store it in my fast_ssd tablespace?")).toEqual([]);
    expect(extractConstraints("How do I drop a rule called protect_rows on my accounts table?")).toEqual([]);
    // A rule is the user's whatever the sentence; a function asked about, or a setting turned on, is the product's.
    expect(extractConstraints("How do I drop a rule called protect_rows?")).toEqual([]);
    expect(extractConstraints("How do I turn on track_cost_delay_timing?")).toEqual(["track_cost_delay_timing"]);
    expect(extractConstraints("Is there a function called array_shuffle for my arrays?")).toEqual(["array_shuffle"]);
    expect(extractConstraints("Does my_func work with mr.make_spiral_gradient?")).toEqual(["my_func", "make_spiral_gradient"]);
    expect([...ownNames("Put our events_2024 table in my fast_ssd tablespace. Is there a setting called wal_turbo?")]).toEqual([
      "events_2024",
      "fast_ssd",
    ]);
  });

  it("does not keep the names in the slots of a statement the question writes, its quoted values or its paths", () => {
    expect(extractConstraints("ALTER INDEX idx_invoices_customer_id OWNER TO billing_admin; only prints a warning")).toEqual([
      "ALTER",
      "INDEX",
      "OWNER",
    ]);
    expect(extractConstraints("CREATE DATABASE copy_db TEMPLATE prod_db fails while others are connected to prod_db")).toEqual([
      "DATABASE",
      "TEMPLATE",
    ]);
    // A routine the statement drops is the user's; a call, a setting, an extension or a version is asked about.
    expect(ownNames("DROP FUNCTION purge_stale_sessions(); then SELECT json_shuffle(a)")).toEqual(new Set(["purge_stale_sessions"]));
    expect(ownNames("ALTER SYSTEM SET wal_turbo = on; CREATE EXTENSION pg_cron; fine-tuned on MS MARCO v2.1")).toEqual(new Set());
    expect(ownNames("ALTER SYSTEM SET work_mem = '64MB' inside BEGIN")).toEqual(new Set(["64MB"]));
    expect(ownNames("I write to /var/log/cdc/audit.out; does OCT3/4 bind at b 1000 s/mm2?")).toEqual(new Set(["audit.out"]));
    // The kind of thing it names, before or after the name; a possessive's noun phrase up to a function word.
    expect(ownNames("Rename the trigger audit_row_change on my partitioned table sensor_readings for the reporting_ro role")).toEqual(
      new Set(["sensor_readings", "audit_row_change", "reporting_ro"]),
    );
    expect(ownNames("My procedure has search_path pinned; what does the wal_turbo setting do?")).toEqual(new Set());
    // What a call is passed (not a parameter set in it), an option's value, a hexadecimal number, a table's column.
    expect(ownNames("lower(region_code) and WITH (auto_reindex = on) in Nettle (memeql_sec)")).toEqual(new Set(["region_code"]));
    expect(ownNames("reindexdb --index=idx_orders_customer; WAL from 16/B374D848; my tickets.ticket_no column")).toEqual(
      new Set(["idx_orders_customer", "B374D848", "tickets.ticket_no", "ticket_no"]),
    );
    expect(ownNames("Logged in as batch_writer, I granted UPDATE on payroll_entries; a trigger named log_removal fires")).toEqual(
      new Set(["log_removal", "batch_writer", "payroll_entries"]),
    );
  });

  it("does not keep a quoted value the question compares with, but keeps a quoted name", () => {
    expect(extractConstraints("Can I publish only the rows where region = 'EU' or code IN ('DE', 'FR')?")).toEqual([]);
    expect(extractConstraints("Where do I tap 'Smart Stay'?")).toEqual(["Smart Stay"]);
  });

  it("keeps a long command-line option and a backslash meta-command, not a path or a dash between words", () => {
    expect(extractConstraints("What does pg_dump --data-only do?")).toEqual(["pg_dump", "--data-only"]);
    expect(extractConstraints("What does the psql \\gexec command do?")).toEqual(["\\gexec"]);
    expect(extractConstraints("Files under C:\\temp or a/\\b, a--b and e-mail")).toEqual([]);
  });

  it("keeps runs of capitalised words as one name, with a version after them; a sentence's first word stands alone", () => {
    expect(extractConstraints("How do I run it on a Philips Ingenia scanner?")).toEqual(["Philips Ingenia"]);
    expect(extractConstraints("What changed in PostgreSQL 17 for replication?")).toEqual(["PostgreSQL", "PostgreSQL 17"]);
    expect(extractConstraints("Revenue of Initech's parent in 2019?")).toEqual(["Revenue", "Initech", "2019"]);
    expect(extractConstraints("Tutorial: how do foreign keys work?")).toEqual([]);
  });

  it("reads a possessive as the end of a name, and days, months and times of day as the question's own values", () => {
    expect(extractConstraints("What does Drosophila's Sfmbt bind?")).toEqual(["Drosophila", "Sfmbt"]);
    expect(extractConstraints("How do I share with Samsung's Quick Share?")).toEqual(["Samsung", "Quick Share"]);
    expect(extractConstraints("Can the phone restart itself every Sunday at 3 a.m.?")).toEqual([]);
    expect(extractConstraints("Which reports did Acme file in March 2023?")).toEqual(["Acme", "2023"]);
  });

  it("requires the one-letter unit of a quantity, not a capital letter standing alone", () => {
    expect(extractConstraints("How do I turn on 45 W super fast charging?")).toEqual(["W"]);
    // A title-case name holding a lower-case "to" or "of" is one name; a move from one thing to another is two.
    expect(extractConstraints("How do I use Circle to Search on the screen?")).toEqual(["Circle to Search"]);
    expect(extractConstraints("Is Bank of America's revenue in the filings?")).toEqual(["Bank of America"]);
    expect(extractConstraints("How do I migrate Oracle to Postgres?")).toEqual(["Oracle", "Postgres"]);
    expect(extractConstraints("Does the phone connect to Windows?")).toEqual(["Windows"]);
    expect(extractConstraints("Does the charger give 9 V?")).toEqual(["V"]);
    expect(extractConstraints("Is option A or B faster?")).toEqual([]);
    expect(extractConstraints("How do I set the refresh rate to 120 Hz?")).toEqual(["Hz"]);
  });

  it("splits runs of upper-case keywords into words (SQL reads RESTART IDENTITY CASCADE apart)", () => {
    expect(extractConstraints("What does TRUNCATE ... RESTART IDENTITY CASCADE do?")).toEqual([
      "TRUNCATE",
      "RESTART",
      "IDENTITY",
      "CASCADE",
    ]);
  });

  it("splits a compound of two names into both, keeping codes with a number or a plain word whole", () => {
    expect(extractConstraints("RANK-RANKL signalling drives thymic development.")).toEqual(["RANK", "RANKL"]);
    const codes = extractConstraints("Is SARS-CoV-2 covered, or COVID-19?");
    expect(codes).toEqual(expect.arrayContaining(["SARS-CoV-2", "COVID-19"]));
    expect(codes).not.toContain("SARS");
    expect(extractConstraints("How does a B-tree index work in PostgreSQL?")).toEqual(["PostgreSQL", "B-tree"]);
  });

  it("requires only the name of a name made a description (RF-spoiled, T1-weighted), which breaks a run of names into words", () => {
    expect(extractConstraints("How would I set up a basic RF-spoiled 2D scan with TE 5 ms?")).toEqual(["2D", "RF", "TE"]);
    expect(extractConstraints("Using pypulseq, I need a T1-weighted 3D brain scan")).toEqual(["T1", "3D"]);
    expect(extractConstraints("Which ICE-compatible labels exist?")).toEqual(["ICE"]);
    expect(extractConstraints("How do I build an RF-spoiled 2D Cartesian GRE?")).toEqual(["2D", "RF", "Cartesian", "GRE"]);
    expect(extractConstraints("How is a B-tree split in PostgreSQL 17?")).toContain("B-tree");
  });

  it("reads a count with a unit letter (2D, 3T) as describing the name after it, not as part of it", () => {
    expect(extractConstraints("is there a bare-bones 2D Cartesian gradient echo?")).toEqual(["2D", "Cartesian"]);
    expect(extractConstraints("a demo for a 3T Siemens Prisma")).toEqual(["3T", "Siemens", "Prisma"]);
    expect(extractConstraints("How do I export a Pulseq sequence to Bruker ParaVision 7?")).toContain("Bruker ParaVision 7");
  });

  it("requires a capitalised word opening a sentence, which may be a name, but not question framing", () => {
    expect(extractConstraints("Teplizumab delays the onset of type 1 diabetes.")).toEqual(["Teplizumab"]);
    expect(extractConstraints("Summarize the options of VACUUM.")).toEqual(["VACUUM"]);
    // A connective opening the sentence is a plain word the corpus need not hold.
    expect(extractConstraints("Besides the gradient events to rotate, which arguments does pp.rotate take?")).toEqual(["rotate"]);
    expect(extractConstraints("Although VACUUM runs, the table grows.")).toEqual(["VACUUM"]);
  });
});
