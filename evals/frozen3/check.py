#!/usr/bin/env python3
"""Validate the frozen3 question sets (no dependencies; python3 only).

Checks, for evals/frozen3/emanual and evals/frozen3/postgres:
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable, 17 unanswerable (14 same-domain + 3 off-topic), no duplicate query;
    postgres answerable split 20 api_reference / 8 tutorials / 12 docs;
  * sources.json: emanual is exactly {"manual": "../../../../shared/data/emanual-s10", "positions": "none"},
    postgres is byte-identical to evals/frozen/postgres/sources.json;
  * every relevant label exists: E-Manual section keys in the corpus JSON; PostgreSQL HTML basenames
    among the files selected by the globs of postgres/sources.json; an answerable postgres question has
    at least one relevant file from its expected_source;
  * the sampling can be re-run: the first label of every answerable question is, in file order, the
    section / file drawn with seed 3031 by the procedure of README.md (E-Manual: frozen2's labelled
    sections excluded from the draw; PostgreSQL: the files frozen2 drew or labelled excluded), with the
    documented skips only;
  * every unanswerable question has recorded grep terms (ZERO_HIT below), and each term has zero
    case-insensitive hits in the corpus (E-Manual: every string field of every section - title, text,
    html, t5_para, section_url, ... - raw, whitespace-normalised and tag-stripped; PostgreSQL: the raw
    HTML and the tag-stripped, whitespace-normalised text of every selected file);
  * no unanswerable question reuses a feature, product or name already used by the unanswerable
    questions of evals/frozen or evals/frozen2 (REUSE_BANNED).

Usage: python3 evals/frozen3/check.py [--emanual-corpus PATH] [--pg-root PATH]
Exit status 0 when everything holds, 1 otherwise.
"""
import glob
import html
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 3031

# Grep terms checked for each unanswerable question (case-insensitive substring, zero hits required).
ZERO_HIT = {
    "emanual": [
        ("How do I customize my lock screen clock with Good Lock's LockStar module?", "same-domain", ["good lock", "goodlock", "lockstar"]),
        ("Why won't Netflix stream in HDR on my phone?", "same-domain", ["netflix", "widevine"]),
        ("Can I pair an Apple Watch with this phone?", "same-domain", ["apple watch", "applewatch", "watchos"]),
        ("turn on eye comfort shield", "same-domain", ["eye comfort", "comfort shield"]),
        ("How do I shoot with Single Take so one press of the shutter gives me several photos and clips?", "same-domain", ["single take", "singletake", "single-take"]),
        ("I'm sending my phone in for repair. How do I turn on Maintenance mode so the technician can't see my photos and messages?", "same-domain", ["maintenance mode", "repair mode"]),
        ("How do I turn on Auto Blocker to stop apps being installed from outside the Galaxy Store and Play Store?", "same-domain", ["auto blocker", "autoblocker", "auto-blocker"]),
        ("How do I update my S10 to Android 14 with One UI 6?", "same-domain", ["android 14", "android 1", "one ui", "oneui"]),
        ("Will my S10 still get monthly security patches in 2025?", "same-domain", ["2025", "end of life", "end-of-life"]),
        ("Can Bixby answer a call for me and type out what the caller says, like Bixby Text Call?", "same-domain", ["text call", "bixby text", "bixbytext"]),
        ("How do I turn on Smart Dim so the screen dims itself when I look away from it?", "same-domain", ["smart dim", "smartdim", "screen attention"]),
        ("Can I run Samsung DeX wirelessly on my smart TV, without a cable?", "same-domain", ["wireless dex", "wirelessdex", "dex wireless", "smart tv"]),
        ("gaming hub cloud games?", "same-domain", ["gaming hub", "cloud gaming", "cloud game"]),
        ("My kids keep grabbing my phone to play games. How do I set up Samsung Kids so they only see kid-safe apps and I can set a play time limit?", "same-domain", ["samsung kids", "kids mode", "kids home", "kids"]),
        ("What's the tallest mountain in Africa?", "off-topic", ["kilimanjaro", "tallest", "mountain", "africa"]),
        ("How many players are on a rugby union team?", "off-topic", ["rugby"]),
        ("In what year did the Berlin Wall fall?", "off-topic", ["berlin"]),
    ],
    "postgres": [
        ("How do I test whether a string is valid input for a type, e.g. pg_input_is_valid('12x', 'integer'), without raising an error?", "same-domain", ["pg_input_is_valid", "pg_input_error_info"]),
        ("to_bin() to print an integer in binary?", "same-domain", ["to_bin", "to_oct"]),
        ("In MERGE ... RETURNING, how do I use merge_action() to see whether each row was inserted, updated or deleted?", "same-domain", ["merge_action"]),
        ("Where do I find checkpoint statistics in the pg_stat_checkpointer view?", "same-domain", ["pg_stat_checkpointer"]),
        ("How do I use psql's \\bind meta-command to run a query with bound parameters?", "same-domain", ["\\bind"]),
        ("How do I leave one extension out of a dump with pg_dump --exclude-extension?", "same-domain", ["exclude-extension", "exclude_extension"]),
        ("datediff in postgres?", "same-domain", ["datediff", "date_diff"]),
        ("What's the syntax for CREATE OR REPLACE TABLE so an existing table is dropped and recreated in one statement?", "same-domain", ["create or replace table", "or replace table"]),
        ("How do I merge two jsonb documents RFC 7396-style with json_merge_patch()?", "same-domain", ["json_merge_patch", "merge_patch", "7396"]),
        ("I only need last month's orders. How do I use pg_dump --where to dump only the rows matching a condition?", "same-domain", ["--where"]),
        ("How do I configure pgBackRest to archive WAL to an S3 bucket?", "same-domain", ["pgbackrest", "pg_backrest"]),
        ("How do I stream row changes from PostgreSQL into Kafka with Debezium?", "same-domain", ["debezium", "kafka"]),
        ("How do I migrate my database to Amazon Aurora PostgreSQL?", "same-domain", ["aurora", "amazon"]),
        ("PostgreSQL 15 reaches end of life in 2027. What's the recommended upgrade path before then?", "same-domain", ["2027", "end of life", "end-of-life"]),
        ("Who wrote Pride and Prejudice?", "off-topic", ["pride and prejudice", "austen"]),
        ("How do I patch a punctured bicycle tyre?", "off-topic", ["bicycle", "tyre", "puncture"]),
        ("When should I plant tomatoes outdoors?", "off-topic", ["tomato"]),
    ],
}

# Features, products and names already used by the unanswerable questions of evals/frozen (its README)
# and evals/frozen2 (its zero-hit table): not to be reused.
REUSE_BANNED = {
    "emanual": [
        # evals/frozen
        "s pen", "face id", "standalone", "ir blaster", "fm radio", "flex mode", "satellite", "8k", "esim", "iris",
        # evals/frozen2
        "circle to search", "live translate", "galaxy ai", "interpreter", "object eraser", "eraser", "samsung wallet",
        "boarding pass", "quick share", "quickshare", "refresh rate", "motion smoothness", "120hz", "120 hz",
        "smarttag", "smart tag", "ultra wideband", "uwb", "extra dim", "spo2", "oxygen", "digital key", "car key",
        "ram plus", "virtual memory", "director", "dual recording", "protect battery", "battery protection", "85%",
        "whatsapp", "australia", "canberra", "yolk", "egg", "mona lisa", "leonardo",
    ],
    "postgres": [
        # evals/frozen
        "pg_stat_io", "pg_combinebackup", "uuidv7", "any_value", "pgvector", "pg_cron", "timescale",
        "innodb", "oracle rac", "mongodb",
        # evals/frozen2
        "transaction_timeout", "buffer_usage_limit", "random_normal", "array_shuffle", "array_sample",
        "pg_createsubscriber", "--incremental", "summarize_wal", "pg_walsummary", "pg_maintain", "io_method",
        "io_uring", "not matched by source", "date_add", "citus", "create_distributed_table", "pgbouncer",
        "patroni", "pg_repack", "sourdough", "moon", "fifa", "world cup",
    ],
}

# The sections and files evals/frozen2 labelled or drew (its README), excluded from the draws here.
FROZEN2_EMANUAL_SECTIONS = [79, 201, 333, 338, 416, 70, 143, 391, 402, 364, 287, 374, 359, 325, 383, 298, 153,
                            398, 56, 75, 181, 303, 14, 435, 194, 136, 274, 159, 222, 227, 240, 447, 54, 216, 61,
                            365, 352, 183, 424, 307,                  # drawn and used
                            427, 144, 217, 36]                        # added as second labels
FROZEN2_PG_FILES = """sql-altersubscription sql-createstatistics sql-dropsequence sql-dropsubscription sql-reset
sql-alterschema sql-createcollation sql-listen sql-prepare-transaction sql-dropusermapping sql-dropdatabase
sql-explain sql-droptype sql-droproutine sql-importforeignschema sql-dropforeigntable sql-createeventtrigger
sql-abort sql-move sql-alterpolicy
tutorial-agg tutorial-inheritance tutorial-update tutorial-window tutorial-createdb tutorial-populate
tutorial-sql-intro tutorial-join tutorial-sql
datatype-character functions-enum ddl-inherit dml-update queries-overview indexes-expressional
mvcc-serialization-failure-handling app-dropuser using-explain routine-vacuuming backup-manifest-wal-ranges
datatype-bit dml
sql-set app-dropdb sql-update dml-insert sql-insert queries-table-expressions sql-select ddl-system-columns
sql-createindex""".split()

# Draws skipped because they hold no answerable content beyond a title or a table of contents.
EMANUAL_SKIPPED = {"section_4"}
PG_SKIPPED = {"tutorial-start.html", "ddl.html"}

EMANUAL_SOURCES = {"manual": "../../../../shared/data/emanual-s10", "positions": "none"}
PG_SOURCE_NAMES = ("api_reference", "tutorials", "docs")

errors = []


def err(msg):
    errors.append(msg)
    print("FAIL:", msg)


def norm(s):
    return re.sub(r"\s+", " ", s).lower()


def strip_tags(raw):
    raw = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", raw)
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def read_jsonl(path, keys_answerable, keys_unanswerable):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{path}:{n}: not JSON ({e})")
                continue
            if not isinstance(obj, dict):
                err(f"{path}:{n}: not a JSON object")
                continue
            want = keys_answerable if obj.get("answerable") is True else keys_unanswerable
            if set(obj) != want:
                err(f"{path}:{n}: keys {sorted(obj)} != {sorted(want)}")
            if not isinstance(obj.get("query"), str) or not obj.get("query", "").strip():
                err(f"{path}:{n}: empty or non-string query")
            if not isinstance(obj.get("relevant"), list) or not all(isinstance(x, str) for x in obj.get("relevant", [])):
                err(f"{path}:{n}: relevant is not a list of strings")
            if not isinstance(obj.get("answerable"), bool):
                err(f"{path}:{n}: answerable is not a boolean")
            rows.append(obj)
    return rows


def check_common(name, rows):
    ans = [r for r in rows if r.get("answerable") is True]
    una = [r for r in rows if r.get("answerable") is False]
    qs = [r.get("query") for r in rows]
    if len(ans) != 40:
        err(f"{name}: {len(ans)} answerable, want 40")
    if len(una) != 17:
        err(f"{name}: {len(una)} unanswerable, want 17")
    dup = {q for q in qs if qs.count(q) > 1}
    if dup:
        err(f"{name}: duplicate queries {sorted(dup)}")
    for r in ans:
        rel = r.get("relevant", [])
        if not rel:
            err(f"{name}: answerable question without relevant labels: {r.get('query')!r}")
        if len(set(rel)) != len(rel):
            err(f"{name}: duplicate relevant label in {r.get('query')!r}")
    for r in una:
        if r.get("relevant"):
            err(f"{name}: unanswerable question with relevant labels: {r.get('query')!r}")
    # recorded grep terms: one entry per unanswerable question, 14 same-domain + 3 off-topic
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT[name]}
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q:
        err(f"{name}: recorded grep terms do not match the unanswerable questions: "
            f"missing {sorted(una_q - set(rec))}, extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"{name}: {cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
    for q in una_q:
        for banned in REUSE_BANNED[name]:
            if banned in q.lower():
                err(f"{name}: unanswerable question reuses a feature of evals/frozen or frozen2 ({banned!r}): {q!r}")
    return ans, una, rec


def count_hits(term, blobs):
    t = term.lower()
    total, where = 0, []
    for key, texts in blobs.items():
        c = sum(b.count(t) for b in texts)
        if c:
            total += c
            where.append(key)
    return total, where


def check_zero_hits(name, rec, blobs):
    lines = []
    for q, (cat, terms) in rec.items():
        for t in terms:
            hits, where = count_hits(t, blobs)
            lines.append((q, t, hits))
            if hits:
                err(f"{name}: grep term {t!r} for {q!r} has {hits} hit(s) in {where[:5]}")
    return lines


def check_emanual(corpus_override):
    d = os.path.join(HERE, "emanual")
    with open(os.path.join(d, "sources.json"), encoding="utf-8") as f:
        src = json.load(f)
    if src != EMANUAL_SOURCES:
        err(f"emanual/sources.json is {src}, want {EMANUAL_SOURCES}")
    corpus = corpus_override or os.path.join(os.path.normpath(os.path.join(d, src.get("manual", ""))),
                                             "s10_manual_corpus.json")
    with open(corpus, encoding="utf-8") as f:
        sections = json.load(f)
    rows = read_jsonl(os.path.join(d, "questions.jsonl"),
                      {"query", "relevant", "answerable"}, {"query", "relevant", "answerable"})
    ans, una, rec = check_common("emanual", rows)
    for r in ans:
        for lab in r.get("relevant", []):
            if lab not in sections:
                err(f"emanual: label {lab!r} is not a section of the corpus ({r.get('query')!r})")

    # re-run the draw (README "Sampling procedures"): first label of each answerable question, in order
    keys = ["section_%d" % i for i in range(451)]
    excluded = {"section_%d" % i for i in FROZEN2_EMANUAL_SECTIONS}
    eligible = [k for k in keys if len(" ".join(sections[k]["text"])) >= 150 and k not in excluded]
    order = random.Random(SEED).sample(eligible, len(eligible))
    drawn = [k for k in order[:41] if k not in EMANUAL_SKIPPED]
    first = [r["relevant"][0] for r in ans if r.get("relevant")]
    draw_ok = len(drawn) == 40 and first == drawn
    if not draw_ok:
        err(f"emanual: first labels {first} do not follow the seed-{SEED} draw {drawn}")
    reused = sorted({lab for r in ans for lab in r.get("relevant", [])[:1]} & excluded)
    if reused:
        err(f"emanual: sampled sections already labelled by frozen2: {reused}")

    def strings(x, out):
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, list):
            for y in x:
                strings(y, out)
        elif isinstance(x, dict):
            for k, y in x.items():
                strings(y, out)
        return out

    blobs = {}
    for key, sec in sections.items():
        parts = strings(sec, [])
        raw = "\n".join(parts).lower()
        blobs[key] = [raw, norm(" ".join(parts)), norm(strip_tags(" ".join(parts)))]
    lines = check_zero_hits("emanual", rec, blobs)
    nsec = sum(len(set(r["relevant"])) for r in ans)
    print(f"emanual: {len(rows)} lines, {len(ans)} answerable ({nsec} labels, all among {len(sections)} sections; "
          f"draw of {len(eligible)} eligible sections re-run, first labels " + ("match" if draw_ok else "DIFFER") + "), "
          f"{len(una)} unanswerable; {len(lines)} grep terms, {sum(1 for l in lines if l[2] == 0)} with zero hits")


def pg_files(src, root):
    by_source = {}
    for s in src["sources"]:
        names = set()
        for p in s["paths"]:
            names |= {os.path.basename(f) for f in glob.glob(os.path.join(root, p))}
        by_source[s["source"]] = names
    return by_source


def check_postgres(root_override):
    d = os.path.join(HERE, "postgres")
    with open(os.path.join(d, "sources.json"), "rb") as f:
        mine = f.read()
    orig_path = os.path.join(HERE, "..", "frozen", "postgres", "sources.json")
    with open(orig_path, "rb") as f:
        orig = f.read()
    if mine != orig:
        err("postgres/sources.json is not an exact copy of evals/frozen/postgres/sources.json")
    src = json.loads(mine)
    root = root_override or src["root"]
    by_source = pg_files(src, root)
    all_files = set().union(*by_source.values())
    if not all_files:
        err(f"postgres: no HTML files selected under {root}")
    rows = read_jsonl(os.path.join(d, "questions.jsonl"),
                      {"query", "expected_source", "relevant", "answerable"}, {"query", "relevant", "answerable"})
    ans, una, rec = check_common("postgres", rows)
    split = {s: 0 for s in PG_SOURCE_NAMES}
    for r in ans:
        es = r.get("expected_source")
        if es not in PG_SOURCE_NAMES:
            err(f"postgres: bad expected_source {es!r} ({r.get('query')!r})")
            continue
        split[es] += 1
        rel = r.get("relevant", [])
        for lab in rel:
            if lab != os.path.basename(lab) or lab not in all_files:
                err(f"postgres: label {lab!r} is not among the files the globs select ({r.get('query')!r})")
        if not any(lab in by_source[es] for lab in rel):
            err(f"postgres: no relevant file from expected_source {es!r} ({r.get('query')!r})")
    if split != {"api_reference": 20, "tutorials": 8, "docs": 12}:
        err(f"postgres: answerable split {split}, want api_reference 20, tutorials 8, docs 12")
    # re-run the draws (README "Sampling procedures"): first label of each answerable question, in order
    excluded = {f + ".html" for f in FROZEN2_PG_FILES}

    def usable(names):
        return sorted(n for n in names if n not in excluded)

    def first_usable(order, k, taken=()):
        out = [n for n in order if n not in PG_SKIPPED and n not in taken]
        return out[:k]

    api_e, tut_e, docs_e = (usable(by_source[k]) for k in PG_SOURCE_NAMES)
    api_order = random.Random(SEED).sample(api_e, len(api_e))
    tut_order = random.Random(SEED).sample(tut_e, len(tut_e))
    rng = random.Random(SEED)
    docs_globs = [p for s_ in src["sources"] if s_["source"] == "docs" for p in s_["paths"]]
    per_glob = []
    for g in docs_globs:
        names = usable({os.path.basename(f) for f in glob.glob(os.path.join(root, g))})
        per_glob.append(rng.sample(names, len(names)))
    rest = rng.sample(docs_e, len(docs_e))
    docs_drawn = []
    for o in per_glob:
        docs_drawn += first_usable(o, 1, docs_drawn)
    docs_drawn += first_usable(rest, 12 - len(docs_drawn), docs_drawn)
    want = {"api_reference": first_usable(api_order, 20), "tutorials": first_usable(tut_order, 8),
            "docs": docs_drawn}
    draw_ok = True
    for es in PG_SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == es and r.get("relevant")]
        if first != want[es]:
            draw_ok = False
            err(f"postgres: {es} first labels {first} do not follow the seed-{SEED} draw {want[es]}")
        reused = sorted(set(first) & excluded)
        if reused:
            err(f"postgres: sampled files already drawn or labelled by frozen2: {reused}")

    blobs = {}
    for name in sorted(all_files):
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            raw = f.read()
        blobs[name] = [raw.lower(), norm(strip_tags(raw))]
    lines = check_zero_hits("postgres", rec, blobs)
    nlab = sum(len(r["relevant"]) for r in ans)
    print(f"postgres: {len(rows)} lines, {len(ans)} answerable {split} ({nlab} labels, all among "
          f"{len(all_files)} selected files: " + ", ".join(f"{k} {len(v)}" for k, v in by_source.items()) +
          f"; draws of {len(api_e)} / {len(tut_e)} / {len(docs_e)} files re-run, first labels " +
          ("match" if draw_ok else "DIFFER") + "), "
          f"{len(una)} unanswerable; {len(lines)} grep terms, {sum(1 for l in lines if l[2] == 0)} with zero hits")


def main(argv):
    em, pg = None, None
    i = 0
    while i < len(argv):
        if argv[i] == "--emanual-corpus":
            em = argv[i + 1]
            i += 2
        elif argv[i] == "--pg-root":
            pg = argv[i + 1]
            i += 2
        else:
            print(__doc__)
            return 2
    check_emanual(em)
    check_postgres(pg)
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
