#!/usr/bin/env python3
"""Draws docs/musicify-benchmark.svg from .bench/musicify.json (Python 3 standard library only).

One panel per workload and figure: instructions per cycle and allocations per cycle, a bar per
architecture with its value, a labelled axis; on the one-load panels a dashed line shows the
limit --check applies (5% more instructions, or 10 more allocations, than MVC).
"""

import argparse
import json
import math
from xml.sax.saxutils import escape

ARCHITECTURES = ["mvc", "mvp", "mvvm", "viper", "redux"]
TITLES = {"mvc": "MVC", "mvp": "MVP", "mvvm": "MVVM", "viper": "VIPER", "redux": "Redux"}
COLOURS = {"mvc": "#4c72b0", "mvp": "#dd8452", "mvvm": "#55a868", "viper": "#c44e52", "redux": "#8172b3"}
FIGURES = [
    ("instructionsPerCycle", "instructions per cycle"),
    ("allocationsPerCycle", "allocations per cycle"),
]

PANEL_WIDTH = 440
PANEL_HEIGHT = 230
MARGIN_LEFT = 78
MARGIN_TOP = 34
MARGIN_BOTTOM = 30
GAP = 34
TOP = 70


def nice_step(largest, ticks=4):
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` ticks up to `largest`."""
    if largest <= 0:
        return 1
    raw = largest / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def short(value):
    """An axis tick: 4,000,000 -> 4M; 2,500 -> 2.5k; 500 -> 500."""
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return f"{value / size:g}{suffix}"
    return f"{value:g}"


def bar_value(value):
    """A bar's value: 3,970,452 -> 3.970M; 1,142.1 -> 1,142.1; 542,611 -> 542.6k."""
    for size, suffix in ((1e9, "G"), (1e6, "M")):
        if abs(value) >= size:
            return f"{value / size:.3f}{suffix}"
    if abs(value) >= 1e5:
        return f"{value / 1e3:,.1f}k"
    return f"{value:,.1f}"


def text(x, y, content, size=12, anchor="start", weight="normal", colour="#222", rotate=None, halo=False):
    """A label; `halo` draws a white outline under it, to stay readable across a line."""
    transform = f' transform="rotate({rotate} {x:.1f} {y:.1f})"' if rotate is not None else ""
    outline = ' stroke="#fff" stroke-width="3" paint-order="stroke"' if halo else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{colour}"{outline}{transform}>{escape(content)}</text>')


def panel(x0, y0, title, axis_title, values, versus, limit=None, limit_label=""):
    """Bars of `values`; `versus(value)` is the text under each value (its difference from MVC)."""
    parts = ['<g>', text(x0 + PANEL_WIDTH / 2, y0 + 12, title, size=13, anchor="middle", weight="bold")]
    if limit is not None:
        parts.append(text(x0 + PANEL_WIDTH / 2, y0 + 27, f"dashed: {limit_label}", size=11, anchor="middle",
                          colour="#c00"))
    plot_left = x0 + MARGIN_LEFT
    plot_top = y0 + MARGIN_TOP
    plot_width = PANEL_WIDTH - MARGIN_LEFT - 10
    plot_height = PANEL_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    largest = max(list(values.values()) + ([limit] if limit is not None else []))
    step = nice_step(largest * 1.12)
    top_value = step * math.ceil(largest * 1.12 / step)

    def y_of(value):
        return plot_top + plot_height - value / top_value * plot_height

    tick = 0.0
    while tick <= top_value + step / 1000:
        y = y_of(tick)
        parts.append(f'<line x1="{plot_left}" y1="{y:.1f}" x2="{plot_left + plot_width}" y2="{y:.1f}" '
                     f'stroke="#e3e3e3" stroke-width="1"/>')
        parts.append(text(plot_left - 6, y + 4, short(tick), size=11, anchor="end", colour="#555"))
        tick += step
    parts.append(f'<line x1="{plot_left}" y1="{plot_top}" x2="{plot_left}" y2="{plot_top + plot_height}" '
                 f'stroke="#333" stroke-width="1"/>')
    parts.append(f'<line x1="{plot_left}" y1="{plot_top + plot_height}" x2="{plot_left + plot_width}" '
                 f'y2="{plot_top + plot_height}" stroke="#333" stroke-width="1"/>')
    parts.append(text(x0 + 14, plot_top + plot_height / 2, axis_title, size=11, anchor="middle", colour="#555",
                      rotate=-90))

    slot = plot_width / len(ARCHITECTURES)
    bar_width = slot * 0.6
    value_labels = []
    for index, architecture in enumerate(ARCHITECTURES):
        value = values[architecture]
        x = plot_left + slot * index + (slot - bar_width) / 2
        y = y_of(value)
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_width:.1f}" '
                     f'height="{plot_top + plot_height - y:.1f}" fill="{COLOURS[architecture]}"/>')
        value_labels.append(text(x + bar_width / 2, y - 4, bar_value(value), size=11, anchor="middle", halo=True))
        if plot_top + plot_height - y > 24:
            parts.append(text(x + bar_width / 2, y + 15, versus(value), size=11, anchor="middle", colour="#fff"))
        parts.append(text(x + bar_width / 2, plot_top + plot_height + 16, TITLES[architecture], size=12,
                          anchor="middle"))
    if limit is not None:
        y = y_of(limit)
        parts.append(f'<line x1="{plot_left}" y1="{y:.1f}" x2="{plot_left + plot_width}" y2="{y:.1f}" '
                     f'stroke="#c00" stroke-width="1" stroke-dasharray="5,4"/>')
    parts.extend(value_labels)
    parts.append('</g>')
    return "\n".join(parts)


def chart(document):
    results = document["results"]
    workloads = list(results.keys())
    check = document.get("check", {})
    width = 2 * PANEL_WIDTH + GAP + 20
    height = TOP + len(workloads) * (PANEL_HEIGHT + GAP) + 10
    machine = document.get("machine", {})
    subtitle = (f"{document.get('date', '')[:10]}, commit {document.get('commit', '?')}, "
                f"{machine.get('cores', '?')} cores, {machine.get('swift', '')}; callgrind, "
                f"(N+K cycles - N cycles) / K; in the bars: against MVC")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        text(width / 2, 26, "Musicify: the latest-songs screen in five architectures", size=17, anchor="middle",
             weight="bold"),
        text(width / 2, 46, subtitle, size=12, anchor="middle", colour="#555"),
    ]
    for row, workload in enumerate(workloads):
        info = document.get("workloads", {}).get(workload, {})
        for column, (key, axis_title) in enumerate(FIGURES):
            values = {architecture: results[workload][architecture][key] for architecture in ARCHITECTURES}
            reference_value = values[ARCHITECTURES[0]]
            if key == "instructionsPerCycle":
                def versus(value, reference_value=reference_value):
                    return f"{value / reference_value:.3f}x"
            else:
                def versus(value, reference_value=reference_value):
                    return f"{value - reference_value:+,.1f}"
            limit, label = None, ""
            if workload == check.get("workload") and check.get("reference") in values:
                reference = values[check["reference"]]
                if key == "instructionsPerCycle":
                    limit = reference * check["instructionLimit"]
                    label = f"--check limit, {check['instructionLimit']:g}x MVC"
                else:
                    limit = reference + check["allocationMargin"]
                    label = f"--check limit, MVC + {check['allocationMargin']}"
            title = f"{info.get('title', workload)}: {axis_title}"
            parts.append(panel(10 + column * (PANEL_WIDTH + GAP), TOP + row * (PANEL_HEIGHT + GAP), title,
                               axis_title, values, versus, limit, label))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", default=".bench/musicify.json")
    parser.add_argument("--output", default="docs/musicify-benchmark.svg")
    arguments = parser.parse_args()
    with open(arguments.input, encoding="utf-8") as source:
        document = json.load(source)
    with open(arguments.output, "w", encoding="utf-8") as output:
        output.write(chart(document))
    print(f"written: {arguments.output}")


if __name__ == "__main__":
    main()
