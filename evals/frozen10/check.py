#!/usr/bin/env python3
"""Validate the frozen10 question sets (no dependencies; python3 only).

Checks, for evals/frozen10/emanual and evals/frozen10/postgres:
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable, 17 unanswerable (14 same-domain + 3 off-topic), no duplicate query;
    postgres answerable split 20 api_reference / 8 tutorials / 12 docs;
  * sources.json: emanual is exactly {"manual": "../../../../shared/data/emanual-s10", "positions": "none"},
    postgres is byte-identical to evals/frozen/postgres/sources.json and evals/frozen9/postgres/sources.json;
  * every relevant label exists: E-Manual section keys in the corpus JSON; PostgreSQL HTML basenames
    among the files selected by the globs of postgres/sources.json; an answerable postgres question has
    at least one relevant file from its expected_source;
  * the sampling can be re-run: the first label of every answerable question is, in file order, the
    section / file drawn with seed 10101 by the procedure of README.md, with the documented skips only:
    E-Manual: the sections frozen2 ... frozen9 drew or labelled are excluded; the 27 eligible sections
    left are drawn first, then, since they run out, the least-used fallback: the eligible sections that
    frozen3 ... frozen9 drew or labelled and frozen2 did not, in tiers by the number of sets among
    frozen2 ... frozen9 that drew or labelled them (1, 2, ...), each tier in seeded order, one generator
    in turn. PostgreSQL api_reference: the same rule (the 11 files left first, then the least-used
    fallback tiers, frozen2's files left out); docs: the files frozen2 ... frozen9 drew or labelled
    excluded, stratified by glob as before (20 left, no fallback needed); tutorials: no tutorial file is
    left after those exclusions, so the tutorial files frozen3 and frozen4 drew are drawn again as
    frozen5 ... frozen9 did (leaving out frozen2's, which have been used for tuning, and the chapter
    tables of contents), those frozen9 did not draw first (there are none: frozen9 walked all 12), walked
    once and then again (three walks in all) for the places left;
    no sampled section, api_reference or docs file outside the fallback was drawn or labelled by
    frozen2 ... frozen9, no fallback one (and no sampled tutorial file) was drawn or labelled by frozen2;
  * every unanswerable question has recorded grep terms (ZERO_HIT below), and each term has zero
    case-insensitive hits in the corpus (E-Manual: every string field of every section - title, text,
    html, t5_para, section_url, ... - raw, whitespace-normalised and tag-stripped; PostgreSQL: the raw
    HTML and the tag-stripped, whitespace-normalised text of every file in the HTML directory, not only
    the selected ones);
  * no unanswerable question reuses a feature, product or name already used by the unanswerable
    questions of evals/frozen, evals/frozen2 ... evals/frozen9 (REUSE_BANNED).

Usage: python3 evals/frozen10/check.py [--emanual-corpus PATH] [--pg-root PATH]
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
SEED = 10101

# Grep terms checked for each unanswerable question (case-insensitive substring, zero hits required).
ZERO_HIT = {
    "emanual": [
        ('Can I FaceTime my friends who have iPhones from my S10?', 'same-domain', ['facetime']),
        ('How do I link my PayPal account so I can tap my phone to pay with it in shops?', 'same-domain', ['paypal']),
        ('Can my S10 measure my blood pressure through Samsung Health?', 'same-domain', ['blood pressure', 'hypertension']),
        ('Does the phone have a sensor that can take my body temperature, like a thermometer?', 'same-domain', ['thermometer', 'body temperature', 'skin temperature']),
        ("What's the megapixel count of the S10's main rear camera?", 'same-domain', ['megapixel', '12mp', '12 mp', '16mp', '10mp']),
        ("Can I check my altitude with the phone's barometer while I'm hiking?", 'same-domain', ['barometer', 'altitude', 'altimeter', 'elevation']),
        ("How do I cast my S10's screen to my living-room TV using Miracast?", 'same-domain', ['miracast', 'smart view']),
        ('Can I use the phone as a remote for my Roku streaming stick?', 'same-domain', ['roku', 'tv remote', 'remote control']),
        ('Does the S10 work with the Gear VR headset for virtual reality games?', 'same-domain', ['gear vr', 'virtual reality', 'vr headset']),
        ('How do I move my Apple Music library over to the S10?', 'same-domain', ['apple music', 'itunes']),
        ('How do I join a Microsoft Teams meeting from the S10?', 'same-domain', ['microsoft teams', 'teams']),
        ('How do I turn on RCS chat features in Messages so my friends see when I am typing?', 'same-domain', ['rcs', 'chat features', 'typing indicator']),
        ("Can the S10's camera scan a paper document and save it as a PDF?", 'same-domain', ['document scan', 'scan document', 'scan a document', 'scan documents']),
        ('Can I download Disney+ movies to watch offline on a flight?', 'same-domain', ['disney']),
        ('Who painted The Scream?', 'off-topic', ['munch', 'the scream']),
        ('How long should I roast a whole chicken?', 'off-topic', ['chicken', 'roast']),
        ("What's the chemical symbol for gold?", 'off-topic', ['gold', 'chemical symbol']),
    ],
    "postgres": [
        ('I want the log-gamma of a value in a query. How do I call lgamma() in Postgres?', 'same-domain', ['lgamma', 'gamma(']),
        ('How do I query pg_shmem_allocations_numa to see how shared memory is spread across NUMA nodes?', 'same-domain', ['pg_shmem_allocations_numa', 'numa node', 'pg_numa']),
        ('How do I use pg_column_toast_chunk_id to find which TOAST chunk a large value is stored in?', 'same-domain', ['pg_column_toast_chunk_id', 'toast_chunk_id']),
        ('What value should I give max_parallel_apply_workers_per_subscription so a subscriber applies large streamed transactions in parallel?', 'same-domain', ['max_parallel_apply_workers', 'parallel_apply']),
        ('How do I enable log_lock_failures so that a failed SELECT ... FOR UPDATE NOWAIT gets written to the server log?', 'same-domain', ['log_lock_failures']),
        ('What connection pool size should I configure in SQLAlchemy for a Postgres backend?', 'same-domain', ['sqlalchemy']),
        ('How do I query my Postgres tables directly from DuckDB?', 'same-domain', ['duckdb']),
        ('How do I create a Postgres role and database with Terraform?', 'same-domain', ['terraform']),
        ('How do I set up the Datadog agent to collect metrics from my Postgres server?', 'same-domain', ['datadog', 'data dog']),
        ('How do I run Django migrations against a PostgreSQL database?', 'same-domain', ['django']),
        ("What's the best way to replicate Postgres tables into Snowflake?", 'same-domain', ['snowflake']),
        ('How do I write an Apache Airflow DAG that vacuums my Postgres tables every night?', 'same-domain', ['airflow']),
        ('SELECT GETDATE(); how do I use GETDATE() in Postgres to get the current date and time?', 'same-domain', ['getdate']),
        ('How do I run SHOW CREATE TABLE orders in Postgres to get the DDL of a table?', 'same-domain', ['show create table', 'show create']),
        ('How do I descale a kettle?', 'off-topic', ['descale', 'kettle', 'limescale']),
        ('How many strings does a cello have?', 'off-topic', ['cello']),
        ('Who discovered the double-helix structure of DNA?', 'off-topic', ['watson', 'crick', 'double helix', 'helix']),
    ],
}

# Features, products and names already used by the unanswerable questions of evals/frozen (its README),
# evals/frozen2 ... evals/frozen9 (the names and grep terms of their zero-hit tables, and the other systems
# their READMEs name): not to be reused. frozen2 ... frozen8's entries are taken from frozen9's check.py, frozen9's
# from its README and check.py.
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
        # evals/frozen4
        "fitbit", "tiktok", "tik tok", "expert raw", "dng", "modes and routines", "photo remaster", "remaster",
        "video call effect", "call effects", "smart wake", "light sleep", "sleep cycle", "2021", "outdoor mode",
        "outdoor", "sunlight", "glove mode", "glove", "wi-fi 7", "wifi 7", "802.11be", "le audio", "auracast",
        "private space", "super fast", "45w", "45 w", "45 watt", "penicillin", "fleming", "violin", "knit", "scarf",
        # evals/frozen5
        "snapchat", "snap chat", "chromecast", "google cast", "galaxy ring", "now brief", "now bar", "instant slow",
        "portrait studio", "avatar", "sketch to image", "sketch", "qi2", "magnetic", "magsafe", "thunderbolt", "usb4",
        "usb 4", "gbps", "heart rate", "heart-rate", "pulse", "bpm", "2022", "3g", "crash", "collision",
        "fall detection", "android auto", "androidauto", "gemini", "odyssey", "homer", "planet", "solar system",
        "wine", "carpet", "stain",
        # evals/frozen6
        "airpods", "airpod", "space zoom", "100x", "30x", "astro", "milky way", "star trail", "quick measure",
        "time of flight", "time-of-flight", "lidar", "depth sensor", "6e", "6 ghz", "6ghz", "bluetooth 5", "5.3",
        "2030", "call recording", "recording call", "record a call", "record phone", "knox vault", "note assist",
        "summar", "wear os", "wearos", "battery health", "charge cycle", "charging cycle", "cycle count",
        "lockdown", "nearby share", "boiling", "boil", "sea level", "starry", "van gogh", "gogh", "green tea",
        "steep",
        # evals/frozen7
        "call forwarding", "forwarding", "forward call", "forward my", "divert", "safe mode", "recovery",
        "wipe data", "developer", "usb debugging", "debug", "build number", "carrier unlock", "network unlock",
        "unlock code", "sim unlock", "bootloader", "custom rom", "rooting", "rooted", "root access", "dual sim",
        "dual-sim", "two sim", "second sim", "sim 2", "5g", "ultrasonic", "optical", "in-display", "burn-in",
        "burn in", "amoled", "oled", "image retention", "instagram", "stories", "hey google", "ok google",
        "voice match", "google assistant", "music share", "private share", "expir", "portugal", "lisbon",
        "hamlet", "shakespeare", "spider", "legs",
        # evals/frozen8
        "webcam", "web cam", "web camera", "zoom call", "mah", "milliamp", "battery capacity", "volte", "hd voice",
        "voice over lte", "spam", "caller id", "scam", "smart call", "headphone jack", "3.5", "audio jack", "jack",
        "specific absorption", "sar value", "sar level", "rf exposure", "radiation", "screen repair",
        "screen replacement", "repair cost", "trade-in", "trade in", "trade your", "alexa", "onedrive", "one drive",
        "playstation", "dualshock", "gamepad", "game controller", "find my device", "snapdragon", "exynos",
        "processor", "chipset", "cpu", "aptx", "ldac", "codec", "sistine", "michelangelo", "titanic", "iceberg",
        "orchid", "repot",
        # evals/frozen9
        "carplay", "car play", "dolby vision", "gorilla", "watt", "15w", "12w", "10w", "9w", "dropbox", "spatial",
        "head tracking", "garmin", "chromebook", "chrome os", "chromeos", "phone hub", "airtag", "air tag", "tracker",
        "waze", "telegram", "shazam", "song recognition", "identify a song", "identify song", "now playing", "3040",
        "1440", "qhd", "pixels", "kindle", "e-book", "tolstoy", "war and peace", "hummus", "chickpea", "tahini",
        "sahara", "desert",
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
        # evals/frozen4
        "erf(", "erfc", "error function", "uuid_extract", "extract_timestamp", "casefold", "pg_wait_events",
        "wait_events", "wait_event", "\\drg", "missing-stats-only", "missing_stats", "connect by", "connect_by",
        "group_concat", "on duplicate key", "duplicate key update", "pgaudit", "pg_audit", "cockroach", "flyway",
        "sql:2023", "sql/pgq", "property graph", "graph_table", "2026", "february 2026", "photosynthesis",
        "chlorophyll", "vivaldi", "four seasons", "bones", "skeleton", "human body",
        # evals/frozen5
        "pg_split_walfile_name", "split_walfile", "array_reverse", "pg_basetype", "without overlaps", "temporal",
        "sync_replication_slots", "pg_sync_replication", "failover slot", "oauth", "bearer", "identity provider",
        "hypopg", "hypothetical index", "pg_hint_plan", "hint_plan", "/*+", "prometheus", "grafana",
        "postgres_exporter", "string_split", "select top", "top 10", "show tables", "postgresql 19", "postgres 19",
        "version 19", "2029", "ocean", "guacamole", "avocado", "volcano", "magma",
        # evals/frozen6
        "returning old", "returning new", "old.price", "new.price", "require_auth", "allow_alter_system",
        "pg_use_reserved_connections", "use_reserved_connections", "load_balance_hosts", "try_cast",
        "query_cache_size", "query_cache", "query cache", "modify column", "docker", "pg_partman", "partman",
        "barman", "postgresql 18", "postgres 18", "version 18", "pg18", "pg 18", "postgresql 17", "postgres 17",
        "pg17", "azure", "flexible server", "speed of light", "guitar", "honey", "bees",
        # evals/frozen7
        "set expression as", "--swap", "swap mode", "io_combine_limit", "io_combine", "vacuum_max_threshold",
        "sslnegotiation", "ssl_negotiation", "with-statistics", "--statistics", "statistics-only", "insert ignore",
        "charindex", "parquet", "repmgr", "kubernetes", "cloudnativepg", "k8s", "heroku", "15.21", "pg_c_utf8",
        "locale-provider=builtin", "builtin-locale", "provider builtin", "waterfall", "pancake", "basketball",
        "players",
        # evals/frozen8
        "debug_parallel_query", "force_parallel_mode", "on_error ignore", "on_error 'ignore'", "log_verbosity",
        "array_sort", "createrole_self_grant", "scram_iterations", "exclude-table-data-and-children",
        "on update current_timestamp", "on update now", "updated_at", "elasticsearch", "elastic search", "pg_ivm",
        "incremental view maintenance", "incrementally maintained", "dbeaver", "cloud sql", "google cloud",
        "split partition", "merge partitions", "into outfile", "outfile", "processlist", "show process", "newton",
        "gravity", "gravitation", "lasagna", "lasagne", "eiffel",
        # evals/frozen9
        "icu_validation_level", "explain (analyze, memory", "explain (memory", ", memory)", "memory true",
        "idle_replication_slot_timeout", "track_cost_delay_timing", "track_cost_delay", "login event",
        "login trigger", "event_triggers", "prisma", "postgrest", "rest api", "pgloader", "sqlite", "wal-g",
        "s3 bucket", "dateadd", "iif(", "iif ", "unpivot", "neon", "serverless", "database branch", "hasura",
        "graphql", "beethoven", "symphony", "ode to joy", "puppy", "octopus",
        # other systems named in the frozen3 ... frozen9 READMEs
        "oracle", "mysql", "sql server",
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

# The sections and files evals/frozen4 labelled or drew (its README and check.py), excluded from the draws here.
FROZEN4_EMANUAL_SECTIONS = [392, 411, 182, 92, 205, 113, 448, 288, 360, 414, 401, 172, 17, 151, 179, 134, 406, 158,
                            211, 26, 206, 387, 49, 415, 199, 262, 180, 369, 356, 230, 306, 155, 106, 192, 64, 346,
                            115, 126, 110, 399,                       # drawn and used
                            287, 181, 193, 116,                       # added as second labels
                            272]                                      # drawn and skipped
FROZEN4_PG_FILES = """sql-lock sql-revoke sql-createopfamily sql-altertsdictionary sql-createserver sql-begin sql-truncate
sql-dropaggregate sql-droptstemplate sql-rollback-prepared sql-reassign-owned sql-createlanguage
sql-alterdefaultprivileges sql-createconversion sql-createoperator sql-commit sql-set-transaction sql-dropserver
sql-createschema sql-dropcast
tutorial-install tutorial-views tutorial-fk tutorial-advanced-intro tutorial-advanced
datatype-pseudo functions-comparison ddl-generated-columns dml-returning queries-select-lists indexes-unique
mvcc-caveats app-pgrewind backup-manifest-format functions-admin ddl-foreign-data app-createdb queries mvcc
sql-grant sql-createview ddl-constraints sql-insert sql-select sql-createindex sql-truncate app-postgres""".split()

# The sections and files evals/frozen5 labelled or drew (its README), excluded from the draws here.
FROZEN5_EMANUAL_SECTIONS = [82, 72, 353, 80, 51, 40, 438, 76, 343, 286, 12, 379, 257, 108, 337, 215, 429, 33, 394,
                            218, 419, 300, 250, 249, 304, 19, 234, 119, 50, 407, 23, 315, 176, 299, 207, 396, 170,
                            289, 314, 243,                            # drawn and used
                            361, 414, 157, 177, 23]                   # added as second labels
FROZEN5_PG_FILES = """sql-alterstatistics sql-alterroutine sql-droptsconfig sql-start-transaction sql-alterserver
sql-alteroperator sql-alterlargeobject sql-set-session-authorization sql-altersequence sql-dropstatistics sql-do
sql-alterconversion sql-expressions sql-createusermapping sql-alteruser sql-droprole sql-createsubscription
sql-savepoint sql-altergroup sql-load
tutorial-arch tutorial-transactions tutorial-advanced-intro tutorial-select tutorial-accessdb tutorial-install
tutorial-fk tutorial-table tutorial-views tutorial-conclusion
datatype-enum functions-aggregate ddl-priv queries-values indexes-examine app-pgresetwal backup-dump functions-net
functions-binarystring functions-info ddl-default app-pgcontroldata
sql-begin functions-logical sql-copy sql-rollback-to app-psql sql-syntax-lexical sql-values""".split()

# The sections and files evals/frozen6 labelled or drew (its README and check.py), excluded from the draws here.
FROZEN6_EMANUAL_SECTIONS = [421, 198, 84, 114, 284, 400, 137, 291, 58, 173, 112, 368, 397, 129, 444, 87, 432, 378,
                            358, 296, 99, 139, 426, 164, 280, 86, 77, 408, 125, 231, 436, 377, 228, 204, 16, 101,
                            188, 329, 109, 417,                       # drawn and used
                            398, 106, 17]                             # added as second labels
FROZEN6_PG_FILES = """sql-release-savepoint sql-createsequence sql-altertrigger sql-checkpoint sql-discard sql-merge
sql-createaggregate sql-drop-owned sql-alterrole sql-createopclass sql-set-role sql-droptsparser sql-selectinto
sql-commit-prepared sql-refreshmaterializedview sql-altertsconfig sql-droptransform sql-dropcollation sql-alterview
sql-security-label sql-syntax
tutorial-delete tutorial-concepts tutorial-table tutorial-accessdb tutorial-arch tutorial-transactions tutorial-select
tutorial-conclusion tutorial-fk tutorial-views tutorial-advanced-intro tutorial-install
datatype functions-formatting ddl-basics queries-with indexes-index-only-scans app-clusterdb backup-file functions-srf
indexes-opclass functions-window functions-sequence datatype-datetime
sql-altertable sql-createtableas dml-delete sql-delete queries-order sql-syntax-lexical app-psql app-postgres sql-begin
sql-start-transaction sql-createtable sql-select sql-cluster sql-altersequence""".split()

# The sections and files evals/frozen7 labelled or drew (its README), excluded from the draws here.
FROZEN7_EMANUAL_SECTIONS = [422, 120, 283, 241, 277, 27, 171, 45, 60, 376, 32, 100, 317, 15, 403, 404, 344, 85, 311,
                            330, 412, 309, 123, 316, 140, 366, 57, 154, 11, 301, 405, 166, 22, 94, 29, 214, 224, 293,
                            437, 363,                                 # drawn and used
                            429, 415]                                 # added as second labels
FROZEN7_PG_FILES = """sql-show sql-dropconversion sql-createtype sql-declare sql-alterextension sql-createpolicy
sql-altermaterializedview sql-alterprocedure sql-createprocedure sql-altereventtrigger sql-alteropclass sql-createdomain
sql-altercollation sql-droptablespace sql-droptsdictionary sql-createtransform sql-droppolicy sql-creategroup
sql-dropprocedure sql-drop-access-method sql-commands
tutorial-select tutorial-arch tutorial-table tutorial-accessdb tutorial-concepts tutorial-transactions
tutorial-delete tutorial-views tutorial-install tutorial-advanced-intro tutorial-fk tutorial-conclusion
datatype-textsearch functions-event-triggers ddl-schemas queries-union indexes-multicolumn app-pgreceivewal
backup-manifest-files indexes-ordering functions-math ddl-rowsecurity datatype-money app-initdb
sql-altertable queries-order sql-select app-postgres sql-syntax-lexical app-psql app-pg-ctl sql-release-savepoint
sql-rollback-to queries-select-lists ddl-basics sql-droptable functions-textsearch sql-createindex""".split()

# The sections and files evals/frozen8 labelled or drew (its README and check.py, as copied into frozen9's check.py),
# excluded from the draws here.
FROZEN8_EMANUAL_SECTIONS = [339, 285, 189, 20, 326, 239, 220, 238, 235, 395, 290, 167, 74, 247, 21, 93, 308, 385, 150,
                            111, 324, 38, 24, 278, 42, 349, 98, 334, 319, 370, 253, 347, 390, 423, 122, 434, 13, 53,
                            73, 142,                                  # drawn and used
                            415]                                      # added as a second label
FROZEN8_PG_FILES = """sql-end sql-dropindex sql-createtrigger sql-alterdomain sql-dropuser sql-dropeventtrigger
sql-createtsparser sql-deallocate sql-execute sql-syntax-calling-funcs sql-droplanguage sql-creatematerializedview
sql-altertsparser sql-notify sql-alterforeigndatawrapper sql-alterusermapping sql-droppublication sql-createfunction
sql-close sql-alterindex
tutorial-transactions tutorial-select tutorial-fk tutorial-accessdb tutorial-install tutorial-concepts tutorial-table
tutorial-delete tutorial-conclusion tutorial-arch tutorial-advanced-intro tutorial-views
datatype-pg-lsn functions-statistics ddl-alter indexes app-ecpg backup datatype-oid functions-uuid functions-matching
app-pgreceivexlog indexes-collations app-pgdump
app-psql sql-commit sql-end sql-altertable indexes-intro backup-dump""".split()

# The sections and files evals/frozen9 labelled or drew (its README), excluded from the draws here.
FROZEN9_EMANUAL_SECTIONS = [210, 445, 191, 393, 96, 348, 313, 219, 320, 31, 48, 367, 223, 147, 0, 310, 83, 345, 357, 28,
                            186, 37, 331, 118, 281, 133, 295, 81, 124, 203, 52, 449, 88, 18, 178, 232, 168, 282, 95, 65,
                                                                      # drawn and used
                            211, 4, 66, 145, 90,                      # added as second labels
                            135]                                      # drawn and skipped
FROZEN9_PG_FILES = """sql-dropmaterializedview sql-analyze sql-createtsconfig sql-rollback sql-dropview
sql-createtablespace sql-altersystem sql-createrule sql-createuser sql-alterforeigntable sql-alteropfamily
sql-dropforeigndatawrapper sql-set-constraints sql-createdatabase sql-alterdatabase sql-altertstemplate sql-fetch
sql-dropgroup sql-reindex sql-altertablespace
tutorial-views tutorial-conclusion tutorial-select tutorial-transactions tutorial-install tutorial-advanced-intro
tutorial-concepts tutorial-table tutorial-accessdb tutorial-delete tutorial-arch tutorial-fk
datatype-xml functions-trigger ddl-depend indexes-bitmap-scans app-pgbasebackup functions-bitstring datatype-json
functions-array datatype-numeric app-postmaster app-createuser functions-string
using-explain sql-abort sql-createrole sql-createtable app-postgres queries-select-lists ddl-basics
sql-syntax-lexical functions-info sql-select datatype-character sql-createfunction""".split()

EMANUAL_SETS = [FROZEN2_EMANUAL_SECTIONS, FROZEN3_EMANUAL_SECTIONS, FROZEN4_EMANUAL_SECTIONS, FROZEN5_EMANUAL_SECTIONS,
                FROZEN6_EMANUAL_SECTIONS, FROZEN7_EMANUAL_SECTIONS, FROZEN8_EMANUAL_SECTIONS, FROZEN9_EMANUAL_SECTIONS]
PG_SETS = [FROZEN2_PG_FILES, FROZEN3_PG_FILES, FROZEN4_PG_FILES, FROZEN5_PG_FILES, FROZEN6_PG_FILES, FROZEN7_PG_FILES,
           FROZEN8_PG_FILES, FROZEN9_PG_FILES]

# Tutorials: nothing is left after the exclusions, so the tutorial files are drawn again as frozen5 ... frozen9
# did, leaving out the ones frozen2 drew (used for tuning since) and the chapter tables of contents (README); the
# pool files frozen9 did not draw would come first (there are none: frozen9 walked all 12), then the ones it drew.
TUTORIAL_TOC = {"tutorial-start.html", "tutorial-advanced.html", "tutorial-sql.html"}

# Draws skipped (README). E-Manual: section_141, an introduction that answers no question of its own (among the 27
# sections left), and, in the least-used fallback, section_135 (an introduction, skipped by frozen9 too) and
# sections whose whole text makes one point, which the earlier set that drew it will have asked (section_203,
# section_110, section_16, section_204, section_214, section_394, section_228). PostgreSQL:
# functions.html in the docs draw (the chapter table of contents), none in api_reference; the seven tutorial files
# frozen8 and frozen9 skipped, and tutorial-concepts and tutorial-select, whose points earlier sets have all asked
# as far as frozen9's README records them (in every walk).
EMANUAL_SKIPPED = {"section_141", "section_203", "section_110", "section_16", "section_204", "section_214",
                   "section_394", "section_135", "section_228"}
PG_SKIPPED = {"functions.html"}
TUTORIAL_SKIPPED = {"tutorial-fk.html", "tutorial-install.html", "tutorial-delete.html", "tutorial-conclusion.html",
                    "tutorial-arch.html", "tutorial-advanced-intro.html", "tutorial-views.html",
                    "tutorial-concepts.html", "tutorial-select.html"}
TUTORIAL_WALKS = 3

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
                err(f"{name}: unanswerable question reuses a feature of evals/frozen ... frozen9 ({banned!r}): {q!r}")
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
    excluded = {"section_%d" % i for s in EMANUAL_SETS for i in s}
    frozen2 = {"section_%d" % i for i in FROZEN2_EMANUAL_SECTIONS}

    def uses(k):
        n = int(k.split("_")[1])
        return sum(1 for s in EMANUAL_SETS if n in s)

    substantive = [k for k in keys if len(" ".join(sections[k]["text"])) >= 150]
    eligible = [k for k in substantive if k not in excluded]
    tiers = {}
    for k in substantive:
        if k not in frozen2:                      # frozen2 has been used for tuning: never re-drawn
            tiers.setdefault(uses(k), []).append(k)
    rng = random.Random(SEED)
    order = []
    for u in sorted(tiers):                       # tier 0 = the eligible sections left, then the least-used
        order += rng.sample(tiers[u], len(tiers[u]))
    drawn = [k for k in order if k not in EMANUAL_SKIPPED][:40]
    first = [r["relevant"][0] for r in ans if r.get("relevant")]
    draw_ok = len(drawn) == 40 and first == drawn
    if not draw_ok:
        err(f"emanual: first labels {first} do not follow the seed-{SEED} draw {drawn}")
    fresh = [k for k in first if k in eligible]
    fallback = [k for k in first if k not in eligible]
    if first[:len(fresh)] != fresh:
        err("emanual: a fallback section comes before an undrawn eligible one")
    left_unused = sorted(set(eligible) - set(first) - EMANUAL_SKIPPED)
    if fallback and left_unused:
        err(f"emanual: fallback used although eligible sections are left: {left_unused}")
    reused = sorted(set(fallback) & frozen2)
    if reused:
        err(f"emanual: fallback sections drawn or labelled by frozen2 (used for tuning): {reused}")

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
          f"draw of {len(eligible)} eligible sections + least-used fallback re-run ({len(fresh)} + {len(fallback)}), first labels "
          + ("match" if draw_ok else "DIFFER") + "), "
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
    with open(os.path.join(HERE, "..", "frozen9", "postgres", "sources.json"), "rb") as f:
        if mine != f.read():
            err("postgres/sources.json is not an exact copy of evals/frozen9/postgres/sources.json")
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
    excluded = {f + ".html" for s in PG_SETS for f in s}
    frozen2_files = {f + ".html" for f in FROZEN2_PG_FILES}
    frozen9_files = {f + ".html" for f in FROZEN9_PG_FILES}

    def usable(names):
        return sorted(n for n in names if n not in excluded)

    def uses(n):
        return sum(1 for s in PG_SETS if n[:-len(".html")] in s)

    def first_usable(order, k, taken=(), skipped=PG_SKIPPED):
        out = [n for n in order if n not in skipped and n not in taken]
        return out[:k]

    api_e, tut_e, docs_e = (usable(by_source[k]) for k in PG_SOURCE_NAMES)
    # api_reference: the files left first, then the least-used fallback (frozen2's files left out), tier by tier
    api_tiers = {}
    for n in by_source["api_reference"]:
        if n not in frozen2_files:
            api_tiers.setdefault(uses(n), []).append(n)
    arng = random.Random(SEED)
    api_order = []
    for u in sorted(api_tiers):
        t = sorted(api_tiers[u])
        api_order += arng.sample(t, len(t))
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
    # tutorials: no file is left after the exclusions (tut_e is empty), so the tutorial files frozen3 and
    # frozen4 drew are drawn again as frozen5 ... frozen9 did: all tutorial files minus frozen2's and the
    # tables of contents (README). Those frozen9 did not draw come first (none), then those it drew; one
    # generator in turn.
    tut_pool = sorted(n for n in by_source["tutorials"] if n not in frozen2_files and n not in TUTORIAL_TOC)
    tier1 = sorted(n for n in tut_pool if n not in frozen9_files)
    tier2 = sorted(n for n in tut_pool if n in frozen9_files)
    trng = random.Random(SEED)
    tut_order = trng.sample(tier1, len(tier1)) + trng.sample(tier2, len(tier2))
    # walks: files that still hold a point not asked before, one point per file and walk, until 8
    tut_want = []
    for _ in range(TUTORIAL_WALKS):
        tut_want += first_usable(tut_order, 8 - len(tut_want), skipped=TUTORIAL_SKIPPED)
    want = {"api_reference": first_usable(api_order, 20), "tutorials": tut_want, "docs": docs_drawn}
    draw_ok = True
    api_fallback = []
    for es in PG_SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == es and r.get("relevant")]
        if first != want[es]:
            draw_ok = False
            err(f"postgres: {es} first labels {first} do not follow the seed-{SEED} draw {want[es]}")
        if es == "tutorials":
            reused = sorted(set(first) & frozen2_files)
        elif es == "api_reference":
            api_fallback = [n for n in first if n in excluded]
            if api_fallback and sorted(set(api_e) - set(first) - PG_SKIPPED):
                err(f"postgres: api_reference fallback used although files are left: {sorted(set(api_e) - set(first))}")
            if first[:len(first) - len(api_fallback)] != [n for n in first if n not in excluded]:
                err("postgres: an api_reference fallback file comes before an undrawn one")
            reused = sorted(set(first) & frozen2_files)
        else:
            reused = sorted(set(first) & excluded)
        if reused:
            err(f"postgres: sampled {es} files already drawn or labelled by an earlier set: {reused}")

    blobs = {}
    every_file = sorted(n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n)))
    for name in every_file:   # the whole HTML directory, the selected files among them
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            raw = f.read()
        blobs[name] = [raw.lower(), norm(strip_tags(raw))]
    lines = check_zero_hits("postgres", rec, blobs)
    nlab = sum(len(r["relevant"]) for r in ans)
    print(f"postgres: {len(rows)} lines, {len(ans)} answerable {split} ({nlab} labels, all among "
          f"{len(all_files)} selected files: " + ", ".join(f"{k} {len(v)}" for k, v in by_source.items()) +
          f"; draws of {len(api_e)} + least-used fallback ({len(api_fallback)} used) / {len(tut_pool)} (re-drawn; {len(tut_e)} undrawn) / "
          f"{len(docs_e)} files re-run, first labels " +
          ("match" if draw_ok else "DIFFER") + "), "
          f"{len(una)} unanswerable; {len(lines)} grep terms, {sum(1 for l in lines if l[2] == 0)} with zero hits "
          f"in all {len(blobs)} files of the HTML directory")


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
