import { describe, expect, it } from "vitest";
import type { LoadedSection } from "../types.js";
import { codeLoader } from "./code.js";

const load = async (path: string, source: string) => (await codeLoader.load({ path, bytes: new TextEncoder().encode(source) }))[0]!;
// Loader metadata is free-form JSON; the tests read into it freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const meta = (s: LoadedSection) => s.metadata as Record<string, any>;
const byTitle = (sections: LoadedSection[], title: string) => sections.find((s) => s.title === title)!;

/** Docstrings in the three common styles, in the manner of pypulseq (written for this test). */
const MODULE = `"""Ramp helpers for the demo toolbox.

Everything here returns SimpleNamespace events.
"""
from types import SimpleNamespace
from typing import Union

TEMPLATE = """
def not_a_function(x):
    pass
"""


def make_ramp(
    channel: str,
    amplitude: float = 0.0,
    duration: Union[float, None] = None,
    *args,
    system=None,
    **kwargs,
) -> SimpleNamespace:
    """
    Create a linear gradient ramp event.

    Parameters
    ----------
    channel : str
        Orientation of the ramp. Must be one of \`x\`, \`y\` or \`z\`.
    amplitude : float, default=0.0
        Target amplitude (Hz/m).
    duration : float, optional
        Ramp duration in seconds (s). Default is None.
    system : Opts, default=Opts()
        System limits.

    Returns
    -------
    ramp : SimpleNamespace
        The ramp event.
    """

    def _inner(v):
        return v

    return SimpleNamespace(type="ramp", channel=channel, amplitude=_inner(amplitude))


async def fetch_limits(url: str, timeout: float = 5) -> dict:
    """Fetch scanner limits.

    Args:
        url (str): Where the limits live.
        timeout: Seconds to wait.

    Returns:
        dict: The limits by name.
    """
    return {}


def scale(value, factor=2):
    """Scale a value.

    :param value: the number to scale
    :param factor: the multiplier, defaults to 2
    :type factor: int
    :returns: the scaled value
    :rtype: float
    """
    return value * factor


class RampBank:
    """Keep ramps by name."""

    unit = "Hz/m"

    def __init__(self, system=None):
        """Start an empty bank."""
        self.ramps = {}

    @staticmethod
    def key(name: str) -> str:
        return name.lower()

    @property
    def size(self) -> int:
        """Number of ramps held."""
        return len(self.ramps)
`;

describe("codeLoader: Python", () => {
  it("finds functions, async functions, classes and methods, not defs inside strings or bodies", async () => {
    const doc = await load("pkg/ramps.py", MODULE);
    expect(doc.sections.map((s) => [s.path, meta(s).kind])).toEqual([
      [["ramps.py"], "module"],
      [["make_ramp"], "function"],
      [["fetch_limits"], "function"],
      [["scale"], "function"],
      [["RampBank"], "class"],
      [["RampBank", "__init__"], "method"],
      [["RampBank", "key"], "method"],
      [["RampBank", "size"], "method"],
    ]);
    expect(doc.metadata).toEqual({
      language: "python",
      description: "Ramp helpers for the demo toolbox.\n\nEverything here returns SimpleNamespace events.",
    });
  });

  it("reads numpydoc parameters and merges them with the signature's types and defaults", async () => {
    const doc = await load("pkg/ramps.py", MODULE);
    const ramp = byTitle(doc.sections, "make_ramp");
    expect(meta(ramp).signature).toBe(
      "def make_ramp(channel: str, amplitude: float = 0.0, duration: Union[float, None] = None, *args, system=None, **kwargs) -> SimpleNamespace",
    );
    expect(meta(ramp).params).toEqual([
      { name: "channel", type: "str", description: "Orientation of the ramp. Must be one of `x`, `y` or `z`." },
      { name: "amplitude", type: "float", default: "0.0", description: "Target amplitude (Hz/m)." },
      { name: "duration", type: "Union[float, None]", default: "None", description: "Ramp duration in seconds (s). Default is None." },
      { name: "*args" },
      { name: "system", default: "None", description: "System limits.", type: "Opts" },
      { name: "**kwargs" },
    ]);
    expect(meta(ramp).returns).toBe("ramp : SimpleNamespace\n    The ramp event.");
    expect(meta(ramp).description).toBe("Create a linear gradient ramp event.");
    expect(ramp.content.startsWith("Create a linear gradient ramp event.\n\nParameters\n----------")).toBe(true);
    expect(ramp.content).toContain("def make_ramp(\n    channel: str,");
    expect(ramp.content).toContain("    def _inner(v):");
    // The docstring is shown once, as the doc, not again inside the code.
    expect(ramp.content.match(/Target amplitude/g)).toHaveLength(1);
  });

  it("reads Google-style Args/Returns", async () => {
    const doc = await load("pkg/ramps.py", MODULE);
    const fetch = byTitle(doc.sections, "fetch_limits");
    expect(meta(fetch)).toMatchObject({
      signature: "async def fetch_limits(url: str, timeout: float = 5) -> dict",
      description: "Fetch scanner limits.",
      returns: "dict: The limits by name.",
      params: [
        { name: "url", type: "str", description: "Where the limits live." },
        { name: "timeout", type: "float", default: "5", description: "Seconds to wait." },
      ],
    });
  });

  it("reads Sphinx :param: fields", async () => {
    const doc = await load("pkg/ramps.py", MODULE);
    expect(meta(byTitle(doc.sections, "scale"))).toMatchObject({
      description: "Scale a value.",
      returns: "float: the scaled value",
      params: [
        { name: "value", description: "the number to scale" },
        { name: "factor", default: "2", description: "the multiplier, defaults to 2", type: "int" },
      ],
    });
  });

  it("shows a class with its attributes but not its methods, and drops self from method params", async () => {
    const doc = await load("pkg/ramps.py", MODULE);
    const bank = byTitle(doc.sections, "RampBank");
    expect(bank.content).toBe('Keep ramps by name.\n\nclass RampBank:\n\n    unit = "Hz/m"');
    expect(meta(byTitle(doc.sections, "__init__")).params).toEqual([{ name: "system", default: "None" }]);
    const key = byTitle(doc.sections, "key");
    expect(meta(key)).toMatchObject({ decorators: ["@staticmethod"], params: [{ name: "name", type: "str" }], returns: "str" });
    expect(key.content.startsWith("@staticmethod\ndef key(name: str) -> str:")).toBe(true);
    expect(meta(byTitle(doc.sections, "size")).description).toBe("Number of ramps held.");
  });

  it("adds a whole-file script section for files that are mostly top-level code", async () => {
    const src = `import demo as dm


def limits():
    """Scanner limits for the demo."""
    return dm.Opts(max_grad=28)


sys = limits()
seq = dm.Sequence(sys)
for i in range(64):
    seq.add_block(dm.make_delay(1e-3))
seq.write("demo.seq")
print("done")
`;
    const doc = await load("play_delays.py", src);
    expect(doc.sections.map((s) => [s.title, meta(s).kind])).toEqual([
      ["play_delays.py (play delays)", "script"],
      ["limits", "function"],
    ]);
    expect(doc.sections[0]!.content).toContain('seq.write("demo.seq")');
  });

  it("treats files under examples/ as scripts, described by main()'s docstring", async () => {
    const src = `def main(plot: bool = False):
    """Create a demo spin echo sequence.

    Parameters
    ----------
    plot : bool, optional
        Plot the sequence. Default is False.
    """
    return None


if __name__ == "__main__":
    main(plot=True)
`;
    const doc = await load("repo/examples/scripts/write_demo_se.py", src);
    const [script, main] = doc.sections as [LoadedSection, LoadedSection];
    expect(script.title).toBe("write_demo_se.py (write demo se): Create a demo spin echo sequence.");
    expect(meta(script)).toMatchObject({ kind: "script", description: "Create a demo spin echo sequence." });
    expect(script.content).toContain('if __name__ == "__main__":');
    expect(meta(main).params).toEqual([
      { name: "plot", type: "bool", default: "False", description: "Plot the sequence. Default is False." },
    ]);
  });
});
