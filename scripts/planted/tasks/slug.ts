// quillworks/quill: slugs (hard-negative host: a review asks to simplify earlier code).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const SLUG_SOURCE = file(
  '"""Turn titles into URL slugs."""',
  "",
  "from __future__ import annotations",
  "",
  "import re",
  "",
  String.raw`_SEPARATORS = re.compile(r"[\s_]+")`,
  "",
  "",
  "def slugify(title: str) -> str:",
  '    slug = _SEPARATORS.sub("-", title.lower())',
  "    return slug",
);

export const SLUG_TESTS = file(
  "from quill.text.slug import slugify",
  "",
  "",
  "def test_simple_title():",
  '    assert slugify("Hello World") == "hello-world"',
  "",
  "",
  "def test_underscores():",
  '    assert slugify("snake_case title") == "snake-case-title"',
);

const TWO_STEP = L(
  '    decomposed = unicodedata.normalize("NFKD", title)',
  '    ascii_only = "".join(ch for ch in decomposed if not unicodedata.combining(ch))',
);
const STRIP = '    slug = re.sub(r"[^a-z0-9-]", "", slug)';
const COLLAPSE = '    slug = re.sub(r"-{2,}", "-", slug).strip("-")';
const CUT = L("        cut = slug[:max_length]", '        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut');
const S2_SIGNATURE = {
  old: "def slugify(title: str) -> str:",
  new: "def slugify(title: str, max_length: int | None = None) -> str:",
};

export const SLUG: TaskDef = {
  id: "quill-240",
  repo: "quillworks/quill",
  title: "ASCII slugs with a length limit",
  baseRevision: "",
  file: "quill/text/slug.py",
  testFile: "tests/test_slug.py",
  module: "quill.text.slug",
  stages: [
    {
      text: '`slugify("Crème brûlée!")` returns `crème-brûlée!`. Slugs must be ASCII: transliterate accented letters (NFKD, dropping combining marks) and remove every character other than `a-z`, `0-9` and `-`.',
      provenance: "issue",
      summary: "ASCII transliteration and character filtering",
      edits: [
        { old: "import re", new: L("import re", "import unicodedata") },
        {
          old: L('    slug = _SEPARATORS.sub("-", title.lower())', "    return slug"),
          new: L(TWO_STEP, '    slug = _SEPARATORS.sub("-", ascii_only.lower())', STRIP, "    return slug"),
        },
      ],
    },
    {
      text: "Review: collapse runs of dashes and strip dashes at both ends. Also add an optional `max_length`: longer slugs are cut at the last dash within the limit (or hard at the limit when there is none).",
      provenance: "review",
      summary: "collapsed dashes and max_length",
      edits: [
        S2_SIGNATURE,
        {
          old: L(STRIP, "    return slug"),
          new: L(STRIP, COLLAPSE, "    if max_length is not None and len(slug) > max_length:", CUT, "    return slug"),
        },
      ],
    },
    {
      text: 'Review 2: simplify the transliteration: `unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()` does the same in one expression, so replace the two-step version with it.',
      provenance: "review",
      summary: "the one-expression transliteration",
      edits: [
        {
          old: TWO_STEP,
          new: '    ascii_only = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()',
        },
      ],
    },
  ],
  f2p: [
    ["test_accents_transliterated", "test_punctuation_removed"],
    ["test_dashes_collapsed", "test_max_length_cut_at_dash", "test_max_length_hard_cut"],
    ["test_non_latin_dropped"],
  ],
  p2p: ["test_simple_title", "test_underscores"],
  requested: [{ kind: "simplify", stage: 3, earlier: [1, 1], hit: 0 }],
  stray: {
    edit: { old: String.raw`_SEPARATORS = re.compile(r"[\s_]+")`, new: String.raw`_SEPARATORS = re.compile(r"\s+")` },
    fails: ["test_underscores"],
  },
  foreign: {
    from: "quill-215",
    fromStage: 1,
    atStage: 2,
    edits: [
      S2_SIGNATURE,
      {
        old: L(STRIP, "    return slug"),
        new: L(
          STRIP,
          COLLAPSE,
          "    if max_length is not None and len(slug) > max_length:",
          '        slug = slug[: max_length - 1] + "…"',
          "    return slug",
        ),
      },
    ],
    hit: 1,
    fails: ["test_max_length_cut_at_dash", "test_max_length_hard_cut"],
    what: "cuts long slugs with a trailing '…', the table-cell task's truncation rule, instead of at a dash",
  },
  imports: {
    from: "quill-215",
    fromStage: 1,
    atStage: 2,
    edits: [
      S2_SIGNATURE,
      {
        old: L("import re", "import unicodedata"),
        new: L("import re", "import unicodedata", "", "from quill.render.cells import _truncate"),
      },
      {
        old: L(STRIP, "    return slug"),
        new: L(
          STRIP,
          COLLAPSE,
          "    if max_length is not None:",
          "        slug = _truncate(slug, max_length)",
          "    return slug",
        ),
      },
    ],
    hit: 2,
    fails: [],
    brokenImport: true,
    what: "cuts long slugs with _truncate imported from quill.render.cells, a helper only the table-cell task's checkout has",
  },
  own: {
    other: "quill-215",
    otherStage: 1,
    stage: 2,
    edit: 1,
    what: "cuts slugs at max_length because the focus task's own review asks for it, although the table-cell task asked to truncate cells too",
  },
};
