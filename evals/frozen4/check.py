#!/usr/bin/env python3
"""Validate the frozen4 question sets (no dependencies; python3 only).

Checks, for evals/frozen4/emanual and evals/frozen4/postgres:
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable, 17 unanswerable (14 same-domain + 3 off-topic), no duplicate query;
    postgres answerable split 20 api_reference / 8 tutorials / 12 docs;
  * sources.json: emanual is exactly {"manual": "../../../../shared/data/emanual-s10", "positions": "none"},
    postgres is byte-identical to evals/frozen/postgres/sources.json;
  * every relevant label exists: E-Manual section keys in the corpus JSON; PostgreSQL HTML basenames
    among the files selected by the globs of postgres/sources.json; an answerable postgres question has
    at least one relevant file from its expected_source;
  * the sampling can be re-run: the first label of every answerable question is, in file order, the
    section / file drawn with seed 4049 by the procedure of README.md (E-Manual: the sections frozen2
    and frozen3 drew or labelled excluded from the draw; PostgreSQL: the files frozen2 and frozen3 drew
    or labelled excluded; tutorials: the order is walked twice, because only 5 tutorial files are left),
    with the documented skips only, and no sampled section or file was drawn or labelled by frozen2 or
    frozen3;
  * every unanswerable question has recorded grep terms (ZERO_HIT below), and each term has zero
    case-insensitive hits in the corpus (E-Manual: every string field of every section - title, text,
    html, t5_para, section_url, ... - raw, whitespace-normalised and tag-stripped; PostgreSQL: the raw
    HTML and the tag-stripped, whitespace-normalised text of every selected file);
  * no unanswerable question reuses a feature, product or name already used by the unanswerable
    questions of evals/frozen, evals/frozen2 or evals/frozen3 (REUSE_BANNED).

Usage: python3 evals/frozen4/check.py [--emanual-corpus PATH] [--pg-root PATH]
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
SEED = 4049

# Grep terms checked for each unanswerable question (case-insensitive substring, zero hits required).
ZERO_HIT = {
    "emanual": [
        ("I used to have a Fitbit and still wear the tracker. Can I sync it with this phone so my steps show up with the rest of my health data?", "same-domain", ["fitbit"]),
        ("post to tiktok straight from the camera?", "same-domain", ["tiktok", "tik tok"]),
        ("How do I shoot 16-bit DNG photos with the Expert RAW camera app?", "same-domain", ["expert raw", "dng"]),
        ("How do I create a custom mode in Modes and Routines that turns on Do not disturb when I get to the office?", "same-domain", ["modes and routines"]),
        ("Can Photo Remaster in the Gallery automatically fix up an old, blurry low-resolution picture?", "same-domain", ["photo remaster", "remaster"]),
        ("video call effects to blur my background", "same-domain", ["video call effect", "call effects"]),
        ("Does the alarm have a Smart Wake option that wakes me gently during light sleep?", "same-domain", ["smart wake", "light sleep", "sleep cycle"]),
        ("What new features did the 2021 software update bring to my S10?", "same-domain", ["2021"]),
        ("How do I turn on Outdoor mode so the screen gets extra bright in direct sunlight?", "same-domain", ["outdoor mode", "outdoor", "sunlight"]),
        ("glove mode", "same-domain", ["glove mode", "glove"]),
        ("Does the S10 support Wi-Fi 7 (802.11be)?", "same-domain", ["wi-fi 7", "wifi 7", "802.11be"]),
        ("Can I broadcast audio from my phone to several pairs of earbuds at once with LE Audio Auracast?", "same-domain", ["le audio", "auracast"]),
        ("My partner sometimes borrows my phone. How do I set up a Private Space to hide some apps behind a separate lock?", "same-domain", ["private space"]),
        ("Does my S10 support 45W Super Fast Charging 2.0?", "same-domain", ["super fast", "45w", "45 w", "45 watt"]),
        ("Who discovered penicillin?", "off-topic", ["penicillin", "fleming"]),
        ("How many strings does a violin have?", "off-topic", ["violin"]),
        ("How do I knit a scarf as a complete beginner?", "off-topic", ["knit", "scarf"]),
    ],
    "postgres": [
        ("Is there an erf() function in PostgreSQL for the Gaussian error function?", "same-domain", ["erf(", "erfc", "error function"]),
        ("How do I get the creation time back out of a UUID with uuid_extract_timestamp()?", "same-domain", ["uuid_extract", "extract_timestamp"]),
        ("casefold() for case-insensitive comparison of Unicode strings?", "same-domain", ["casefold"]),
        ("Which system view lists every wait event with a description, pg_wait_events?", "same-domain", ["pg_wait_events", "wait_events", "wait_event"]),
        ("How do I use psql's \\drg command to see which roles have been granted to which?", "same-domain", ["\\drg"]),
        ("After a major upgrade, how do I run vacuumdb --missing-stats-only so it only analyzes tables that have no statistics yet?", "same-domain", ["missing-stats-only", "missing_stats"]),
        ("I'm porting an Oracle hierarchical query. How do I write START WITH ... CONNECT BY PRIOR in PostgreSQL?", "same-domain", ["connect by", "connect_by"]),
        ("How do I use GROUP_CONCAT(name SEPARATOR ', ') in PostgreSQL?", "same-domain", ["group_concat"]),
        ("INSERT ... ON DUPLICATE KEY UPDATE syntax in postgres?", "same-domain", ["on duplicate key", "duplicate key update"]),
        ("How do I configure pgAudit to log every DDL statement for our compliance audit?", "same-domain", ["pgaudit", "pg_audit"]),
        ("Is CockroachDB wire-compatible with PostgreSQL 15, and which features does it lack?", "same-domain", ["cockroach"]),
        ("How do I run Flyway migrations against a PostgreSQL database?", "same-domain", ["flyway"]),
        ("Does PostgreSQL 15 support SQL:2023 property graph queries (SQL/PGQ) with GRAPH_TABLE?", "same-domain", ["sql:2023", "sql/pgq", "property graph", "graph_table"]),
        ("Which PostgreSQL 15 minor release came out in February 2026, and what did it fix?", "same-domain", ["2026", "february 2026"]),
        ("How does photosynthesis work?", "off-topic", ["photosynthesis", "chlorophyll"]),
        ("Who composed The Four Seasons?", "off-topic", ["vivaldi", "four seasons"]),
        ("How many bones are in the adult human body?", "off-topic", ["bones", "skeleton", "human body"]),
    ],
}

# Features, products and names already used by the unanswerable questions of evals/frozen (its README),
# evals/frozen2 and evals/frozen3 (the names and grep terms of their zero-hit tables): not to be reused.
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
        # evals/frozen3
        "good lock", "goodlock", "lockstar", "netflix", "widevine", "apple watch", "applewatch", "watchos",
        "eye comfort", "comfort shield", "single take", "singletake", "single-take", "maintenance mode",
        "repair mode", "auto blocker", "autoblocker", "auto-blocker", "android 14", "android 1", "one ui", "oneui",
        "2025", "end of life", "end-of-life", "text call", "bixby text", "bixbytext", "smart dim", "smartdim",
        "screen attention", "wireless dex", "wirelessdex", "dex wireless", "smart tv", "gaming hub", "cloud gaming",
        "cloud game", "samsung kids", "kids mode", "kids home", "kids", "kilimanjaro", "tallest", "mountain",
        "africa", "rugby", "berlin",
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
        # evals/frozen3
        "pg_input_is_valid", "pg_input_error_info", "to_bin", "to_oct", "merge_action", "pg_stat_checkpointer",
        "\\bind", "exclude-extension", "exclude_extension", "datediff", "date_diff", "create or replace table",
        "or replace table", "json_merge_patch", "merge_patch", "7396", "--where", "pgbackrest", "pg_backrest",
        "debezium", "kafka", "aurora", "amazon", "2027", "end of life", "end-of-life", "pride and prejudice",
        "austen", "bicycle", "tyre", "puncture", "tomato",
    ],
}

# The sections and files evals/frozen2 labelled or drew (its README), excluded from the draws here.
# (section_4 and section_66 were drawn by frozen2 and skipped; FROZEN3_EMANUAL_SECTIONS adds frozen3's.)
FROZEN2_EMANUAL_SECTIONS = [79, 201, 333, 338, 416, 70, 143, 391, 402, 364, 287, 374, 359, 325, 383, 298, 153,
                            398, 56, 75, 181, 303, 14, 435, 194, 136, 274, 159, 222, 227, 240, 447, 54, 216, 61,
                            365, 352, 183, 424, 307,                  # drawn and used
                            427, 144, 217, 36,                        # added as second labels
                            4, 66]                                    # drawn and skipped
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

# The sections and files evals/frozen3 labelled or drew (its README and check.py), excluded from the draws here.
FROZEN3_EMANUAL_SECTIONS = [318, 305, 157, 187, 294, 145, 67, 388, 62, 41, 450, 336, 233, 160, 321, 350, 121, 185,
                            433, 340, 156, 149, 190, 212, 162, 78, 104, 335, 63, 440, 381, 138, 342, 39, 102, 430,
                            410, 161, 323, 443,                       # drawn and used
                            68, 386, 380,                             # added as second labels
                            4]                                        # drawn and skipped
FROZEN3_PG_FILES = """sql-unlisten sql-dropoperator sql-dropfunction sql-createforeigndatawrapper sql-alteraggregate
sql-createrole sql-dropdomain sql-createcast sql-alterrule sql-keywords-appendix sql-alterpublication sql-alterlanguage
sql-vacuum sql-dropschema sql-createtstemplate sql-createforeigntable sql-dropopfamily sql-droptrigger sql-cluster
sql-createpublication
tutorial-table tutorial-delete tutorial-transactions tutorial-arch tutorial-accessdb tutorial-concepts
tutorial-conclusion tutorial-select tutorial-start
datatype-uuid functions-json ddl-others dml-delete queries-limit indexes-partial mvcc-intro app-psql
backup-manifest-toplevel functions-xml app-pgrestore datatype-binary ddl
sql-altersubscription app-vacuumdb ddl-partitioning sql-droptable app-psql sql-select sql-createindex""".split()

# Draws skipped because they hold no answerable content beyond a title or a table of contents.
EMANUAL_SKIPPED = {"section_272"}
PG_SKIPPED = {"tutorial-advanced.html", "queries.html", "mvcc.html"}

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
                err(f"{name}: unanswerable question reuses a feature of evals/frozen, frozen2 or frozen3 ({banned!r}): {q!r}")
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
    excluded = {"section_%d" % i for i in FROZEN2_EMANUAL_SECTIONS + FROZEN3_EMANUAL_SECTIONS}
    eligible = [k for k in keys if len(" ".join(sections[k]["text"])) >= 150 and k not in excluded]
    order = random.Random(SEED).sample(eligible, len(eligible))
    drawn = [k for k in order[:41] if k not in EMANUAL_SKIPPED]
    first = [r["relevant"][0] for r in ans if r.get("relevant")]
    draw_ok = len(drawn) == 40 and first == drawn
    if not draw_ok:
        err(f"emanual: first labels {first} do not follow the seed-{SEED} draw {drawn}")
    reused = sorted({lab for r in ans for lab in r.get("relevant", [])[:1]} & excluded)
    if reused:
        err(f"emanual: sampled sections already drawn or labelled by frozen2 or frozen3: {reused}")

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
    excluded = {f + ".html" for f in FROZEN2_PG_FILES + FROZEN3_PG_FILES}

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
    # tutorials: only 5 files are left after the exclusions (4 usable), so the order is walked again,
    # one further question (on a different point) per file, until 8 are written (README).
    tut_usable = first_usable(tut_order, len(tut_order))
    tut_want = [tut_usable[i % len(tut_usable)] for i in range(8)] if tut_usable else []
    want = {"api_reference": first_usable(api_order, 20), "tutorials": tut_want, "docs": docs_drawn}
    draw_ok = True
    for es in PG_SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == es and r.get("relevant")]
        if first != want[es]:
            draw_ok = False
            err(f"postgres: {es} first labels {first} do not follow the seed-{SEED} draw {want[es]}")
        reused = sorted(set(first) & excluded)
        if reused:
            err(f"postgres: sampled files already drawn or labelled by frozen2 or frozen3: {reused}")

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
