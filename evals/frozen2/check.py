#!/usr/bin/env python3
"""Validate the frozen2 question sets (no dependencies; python3 only).

Checks, for evals/frozen2/emanual and evals/frozen2/postgres:
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable, 17 unanswerable (14 same-domain + 3 off-topic), no duplicate query;
    postgres answerable split 20 api_reference / 8 tutorials / 12 docs;
  * sources.json: emanual is exactly {"manual": "../../../../shared/data/emanual-s10", "positions": "none"},
    postgres is byte-identical to evals/frozen/postgres/sources.json;
  * every relevant label exists: E-Manual section keys in the corpus JSON; PostgreSQL HTML basenames
    among the files selected by the globs of postgres/sources.json; an answerable postgres question has
    at least one relevant file from its expected_source;
  * every unanswerable question has recorded grep terms (ZERO_HIT below), and each term has zero
    case-insensitive hits in the corpus (E-Manual: every string field of every section - title, text,
    html, t5_para, section_url, ... - raw and whitespace-normalised; PostgreSQL: the raw HTML and the
    tag-stripped, whitespace-normalised text of every selected file);
  * no unanswerable question reuses a feature already used by evals/frozen (REUSE_BANNED).

Usage: python3 evals/frozen2/check.py [--emanual-corpus PATH] [--pg-root PATH]
Exit status 0 when everything holds, 1 otherwise.
"""
import glob
import html
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Grep terms checked for each unanswerable question (case-insensitive substring, zero hits required).
ZERO_HIT = {
    "emanual": [
        ("How do I use Circle to Search to look up something on my screen?", "same-domain", ["circle to search"]),
        ("Can the phone translate my calls in real time with Galaxy AI Live Translate?", "same-domain", ["live translate", "galaxy ai", "interpreter"]),
        ("How do I remove a person from a photo with Object Eraser?", "same-domain", ["object eraser", "eraser", "magic eraser"]),
        ("How do I add a boarding pass to Samsung Wallet?", "same-domain", ["samsung wallet", "boarding pass", "boarding"]),
        ("How do I send photos to a nearby Galaxy phone with Quick Share?", "same-domain", ["quick share", "quickshare"]),
        ("How do I set the screen to 120Hz with Motion smoothness?", "same-domain", ["refresh rate", "motion smoothness", "120hz", "120 hz", "hz"]),
        ("How do I find my keys with a Galaxy SmartTag?", "same-domain", ["smarttag", "smart tag", "ultra wideband", "ultra-wideband", "uwb"]),
        ("turn on extra dim", "same-domain", ["extra dim", "extra-dim"]),
        ("Can the phone measure my blood oxygen level (SpO2)?", "same-domain", ["spo2", "oxygen", "blood"]),
        ("How do I add my car's digital key to the phone so I can unlock the car with it?", "same-domain", ["digital key", "car key", "unlock my car", "unlock the car"]),
        ("How do I turn on RAM Plus to use storage as extra virtual memory?", "same-domain", ["ram plus", "virtual memory"]),
        ("How do I record with the front and rear cameras at the same time in Director's View?", "same-domain", ["director", "dual recording", "dual video"]),
        ("How do I stop the battery charging at 85% to protect it?", "same-domain", ["protect battery", "battery protection", "85%", "85 %", "85 percent"]),
        ("How do I back up my WhatsApp chats?", "same-domain", ["whatsapp", "whats app"]),
        ("What is the capital of Australia?", "off-topic", ["australia", "canberra"]),
        ("How long should I boil an egg for a runny yolk?", "off-topic", ["boil", "yolk", "egg"]),
        ("Who painted the Mona Lisa?", "off-topic", ["mona lisa", "leonardo"]),
    ],
    "postgres": [
        ("How do I set transaction_timeout so that any transaction running longer than a minute is cancelled?", "same-domain", ["transaction_timeout"]),
        ("How do I limit the buffer ring VACUUM uses with the BUFFER_USAGE_LIMIT option?", "same-domain", ["buffer_usage_limit"]),
        ("How do I generate normally distributed random numbers with random_normal()?", "same-domain", ["random_normal"]),
        ("How do I randomly shuffle or sample an array's elements with array_shuffle() or array_sample()?", "same-domain", ["array_shuffle", "array_sample"]),
        ("How do I convert a physical standby into a logical replica with pg_createsubscriber?", "same-domain", ["pg_createsubscriber"]),
        ("How do I take an incremental backup with pg_basebackup --incremental and summarize_wal?", "same-domain", ["--incremental", "summarize_wal", "incremental backup", "pg_walsummary"]),
        ("How do I grant a role pg_maintain so it can VACUUM and REINDEX tables it doesn't own?", "same-domain", ["pg_maintain", "grant maintain", "maintain privilege"]),
        ("How do I turn on asynchronous I/O with io_method = io_uring?", "same-domain", ["io_method", "io_uring"]),
        ("How do I delete target rows in MERGE using WHEN NOT MATCHED BY SOURCE?", "same-domain", ["not matched by source", "by source"]),
        ("How do I use date_add() to add an interval to a timestamptz in a specific time zone?", "same-domain", ["date_add"]),
        ("How do I shard a table across worker nodes with Citus create_distributed_table()?", "same-domain", ["citus", "create_distributed_table"]),
        ("How do I set up PgBouncer in transaction pooling mode in front of PostgreSQL?", "same-domain", ["pgbouncer", "transaction pooling"]),
        ("How do I configure Patroni for automatic failover?", "same-domain", ["patroni"]),
        ("How do I use pg_repack to remove table bloat without holding an exclusive lock?", "same-domain", ["pg_repack"]),
        ("What's a good recipe for sourdough bread?", "off-topic", ["sourdough"]),
        ("How far is the Moon from the Earth?", "off-topic", ["moon"]),
        ("Who won the 2018 FIFA World Cup?", "off-topic", ["fifa", "world cup"]),
    ],
}

# Features already used by the unanswerable questions of evals/frozen: not to be reused.
REUSE_BANNED = {
    "emanual": ["s pen", "face id", "standalone", "ir blaster", "fm radio", "flex mode", "satellite", "8k", "esim", "iris"],
    "postgres": ["pg_stat_io", "pg_combinebackup", "uuidv7", "any_value", "pgvector", "pg_cron", "timescale",
                 "innodb", "oracle rac", "mongodb"],
}

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
                err(f"{name}: unanswerable question reuses a feature of evals/frozen ({banned!r}): {q!r}")
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
    print(f"emanual: {len(rows)} lines, {len(ans)} answerable ({nsec} labels, all among {len(sections)} sections), "
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
    blobs = {}
    for name in sorted(all_files):
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            raw = f.read()
        blobs[name] = [raw.lower(), norm(strip_tags(raw))]
    lines = check_zero_hits("postgres", rec, blobs)
    nlab = sum(len(r["relevant"]) for r in ans)
    print(f"postgres: {len(rows)} lines, {len(ans)} answerable {split} ({nlab} labels, all among "
          f"{len(all_files)} selected files: " + ", ".join(f"{k} {len(v)}" for k, v in by_source.items()) +
          f"), {len(una)} unanswerable; {len(lines)} grep terms, {sum(1 for l in lines if l[2] == 0)} with zero hits")


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
