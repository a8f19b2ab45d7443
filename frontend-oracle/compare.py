"""Compares the two sides of the frontend oracle, record by record.

    python compare.py CASES FRONTEND.jsonl CRATE.jsonl DIFFERENCES.md [--verbose]

For each graph of CASES, on every target (device, with and without an SM
count target), four things are compared:

- status: planned, refused or no engine on each side (a refusal on both
  sides counts as equal; the reasons are printed, not compared);
- op graph: cuDNN's operation graph from each side's plan JSON, in a
  canonical form: tensors renumbered by their place in the graph (uids and
  names ignored), by-value scalars compared by type and value;
- engines: the heuristics' list (mode A), engine and knobs, in order;
- workspaces: each configuration's workspace (null where its plan did not
  build).

The differences the project keeps are the rows of the table in
DIFFERENCES.md (docs/testing.md) whose first cell is a case name and whose
second is one of the four aspects: each must occur, and no other may. The
last line is

    frontend oracle: N graphs, op graphs equal A/N, engine lists equal B/N, workspaces equal C/N, listed differences D

and the exit status is 1 when a difference is not listed or a listed one
did not occur.
"""

import hashlib
import json
import math
import os
import re
import struct
import sys

ASPECTS = ("status", "op graph", "engines", "workspaces")


def scalar_value(v):
    """A by-value scalar's value as the two sides write it, made comparable:
    the frontend writes {"index": type index, "value": hex of the bits (big
    end first) or a number}; the crate writes a number or "NaN", "inf",
    "-inf"."""
    if isinstance(v, dict):
        raw = v.get("value")
        if isinstance(raw, str) and re.fullmatch(r"[0-9A-Fa-f]+", raw):
            b = bytes.fromhex(raw)
            if len(b) == 4:
                v = struct.unpack(">f", b)[0]
            elif len(b) == 8:
                v = struct.unpack(">d", b)[0]
            elif len(b) == 2:
                v = struct.unpack(">e", b)[0]
            else:
                v = raw
        else:
            v = raw
    if isinstance(v, float):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v == int(v) and abs(v) < 2**53:
            return int(v)
    return v


def digest(obj):
    return hashlib.sha1(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:10]


def split_refs(value, names, path=""):
    """A node's attributes with its tensor references taken out: returns the
    attributes (references replaced by "@") and [(path, tensor name)]."""
    if isinstance(value, str) and value in names:
        return "@", [(path, value)]
    if isinstance(value, list):
        out, refs = [], []
        for i, v in enumerate(value):
            o, r = split_refs(v, names, "%s[%d]" % (path, i))
            out.append(o)
            refs += r
        return out, refs
    if isinstance(value, dict):
        out, refs = {}, []
        for k in sorted(value):
            o, r = split_refs(value[k], names, "%s.%s" % (path, k) if path else k)
            out[k] = o
            refs += r
        return out, refs
    return value, []


def flatten(graph):
    """The tensors and nodes of an operation graph, with the subgraphs of
    nodes (an SDPA's score modifiers) taken out as nodes of their own:
    their tensors share the graph's uids, and a node's
    ``subgraphInputUid``/``subgraphOutputUid`` numbers become references."""
    tensors = {t["name"]: t for t in graph["tensors"]}
    nodes = []
    for n in graph["nodes"]:
        n = dict(n)
        sub = n.pop("subgraph", None)
        if sub is not None:
            n["subgraph"] = {"finalizeMode": sub.get("finalizeMode")}
            for k in list(n):
                if k.endswith("Uid") and isinstance(n[k], int):
                    n[k] = str(n[k])
            sub_tensors, sub_nodes = flatten(sub)
            tensors.update(sub_tensors)
            nodes += [dict(x, inSubgraph=True) for x in sub_nodes]
        nodes.append(n)
    return tensors, nodes


def canonical(plan_json, scalars):
    """cuDNN's operation graph of a plan: for each node, its attributes and,
    for each tensor it refers to, the attribute's path, the tensor's
    attributes and its place in the graph (colour refinement: equal forms
    mean the same graph up to renumbering); and apart, the values of the
    by-value scalars the side knows, keyed by their tensors' place."""
    graph = json.loads(plan_json)["operationGraph"]
    raw, raw_nodes = flatten(graph)
    tensors = {name: {k: v for k, v in t.items() if k != "name"} for name, t in raw.items()}
    names = set(tensors)
    nodes = []
    for n in raw_nodes:
        attrs, refs = split_refs({k: v for k, v in n.items() if k != "name"}, names)
        nodes.append((attrs, refs))
    t_col = {name: digest(a) for name, a in tensors.items()}
    n_col = [digest(a) for a, _ in nodes]
    for _ in range(len(nodes) + 1):
        n_new = [digest([n_col[i], sorted((p, t_col[t]) for p, t in refs)]) for i, (_, refs) in enumerate(nodes)]
        incident = {name: [] for name in tensors}
        for i, (_, refs) in enumerate(nodes):
            for p, t in refs:
                incident[t].append((n_new[i], p))
        t_new = {name: digest([t_col[name], sorted(incident[name])]) for name in tensors}
        stable = len(set(n_new)) == len(set(n_col)) and len(set(t_new.values())) == len(set(t_col.values()))
        n_col, t_col = n_new, t_new
        if stable:
            break
    out = []
    for attrs, refs in nodes:
        out.append({
            "attrs": attrs,
            "refs": sorted((p, json.dumps(tensors[t], sort_keys=True), t_col[t]) for p, t in refs),
        })
    out.sort(key=lambda n: json.dumps(n, sort_keys=True))
    # The by-value scalars' values, by the tensor's place in the graph.
    values = {t_col[name]: scalar_value(scalars[name][1]) for name in tensors if name in scalars}
    return {"finalizeMode": graph.get("finalizeMode"), "nodes": out, "tensors": len(tensors)}, values


def node_kind(n):
    a = n["attrs"]
    return (a.get("operation"), a.get("pointwiseMode") or a.get("mode"))


def node_diff(a, b):
    """Field by field, how node a (the frontend's) differs from b (the crate's)."""
    out = []
    for k in sorted(set(a["attrs"]) | set(b["attrs"])):
        va, vb = a["attrs"].get(k, "-"), b["attrs"].get(k, "-")
        if va != vb:
            out.append("%s: %s vs %s" % (k, json.dumps(va)[:160], json.dumps(vb)[:160]))
    ra = {p: json.loads(t) for p, t, _ in a["refs"]}
    rb = {p: json.loads(t) for p, t, _ in b["refs"]}
    for p in sorted(set(ra) | set(rb)):
        if p not in ra or p not in rb:
            out.append("%s: %s vs %s" % (p, "a tensor" if p in ra else "-", "a tensor" if p in rb else "-"))
            continue
        for k in sorted(set(ra[p]) | set(rb[p])):
            if ra[p].get(k, "-") != rb[p].get(k, "-"):
                out.append("%s.%s: %s vs %s" % (p, k, json.dumps(ra[p].get(k, "-")), json.dumps(rb[p].get(k, "-"))))
    return out


def graph_diff(a, b):
    """How two canonical graphs differ, as short lines (frontend vs crate)."""
    out = []
    if a["finalizeMode"] != b["finalizeMode"]:
        out.append("finalizeMode: %s vs %s" % (a["finalizeMode"], b["finalizeMode"]))
    if len(a["nodes"]) != len(b["nodes"]) or a["tensors"] != b["tensors"]:
        out.append("%d operations and %d tensors vs %d and %d" % (len(a["nodes"]), a["tensors"], len(b["nodes"]), b["tensors"]))
    only_a = [x for x in a["nodes"] if x not in b["nodes"]]
    only_b = [x for x in b["nodes"] if x not in a["nodes"]]
    for x in only_a:
        # Its counterpart: the crate's node of its kind that differs least.
        same = [y for y in only_b if node_kind(y) == node_kind(x)]
        y = min(same, key=lambda y: len(node_diff(x, y)), default=None)
        if y is None:
            out.append("frontend only: %s %s" % node_kind(x))
            continue
        only_b.remove(y)
        lines = node_diff(x, y)
        out += ["%s: %s" % (node_kind(x)[0].replace("CUDNN_BACKEND_OPERATION_", "").replace("_DESCRIPTOR", ""), l) for l in lines]
    for y in only_b:
        out.append("crate only: %s %s" % node_kind(y))
    seen, uniq = set(), []
    for l in out:
        if l not in seen:
            seen.add(l)
            uniq.append(l)
    return uniq or ["the same operations, connected differently"]


def listed_differences(path):
    """(case, aspect) -> reason, from the rows of the table under the
    heading "#### Differences kept" of path."""
    out, inside = {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            inside = line.strip() == "#### Differences kept"
            continue
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if inside and len(cells) >= 3 and cells[1] in ASPECTS:
            out[(cells[0], cells[1])] = cells[2]
    return out


def load(path):
    recs = {}
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        recs[(r["case"], r["device"], r["sm_count"])] = r
    return recs


def compare_target(fe, rs):
    """{aspect: None when equal, else a list of lines saying how not}."""
    out = {a: None for a in ASPECTS}
    if fe["status"] != rs["status"]:
        out["status"] = ["frontend %s (%s); crate %s (%s)" % (fe["status"], fe["reason"], rs["status"], rs["reason"])]
    if fe["status"] == rs["status"] == "planned":
        if fe["plan"] is None or rs["plan"] is None:
            out["op graph"] = ["no plan JSON: frontend %s, crate %s" % (fe["plan"] is not None, rs["plan"] is not None)]
        else:
            (a, va), (b, vb) = canonical(fe["plan"], fe["scalars"]), canonical(rs["plan"], rs["scalars"])
            lines = graph_diff(a, b) if a != b else []
            # A value is compared where both sides know it (the frontend
            # lists the scalars it was given, not those its nodes make).
            for col in sorted(set(va) & set(vb)):
                if va[col] != vb[col]:
                    lines.append("a by-value scalar: %s vs %s" % (va[col], vb[col]))
            out["op graph"] = lines or None
    if fe["engines"] != rs["engines"]:
        out["engines"] = ["%d vs %d; first frontend-only %s, first crate-only %s" % (
            len(fe["engines"]), len(rs["engines"]),
            next((e for e in fe["engines"] if e not in rs["engines"]), "-"),
            next((e for e in rs["engines"] if e not in fe["engines"]), "-"))]
    elif fe["workspaces"] != rs["workspaces"]:
        out["workspaces"] = ["%s vs %s" % (fe["workspaces"][:6], rs["workspaces"][:6])]
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in sys.argv
    cases_path, fe_path, rs_path, diff_path = args
    cases = json.load(open(cases_path))
    only = os.environ.get("FRONTEND_ORACLE_CASES")
    if only:
        cases["cases"] = [c for c in cases["cases"] if only in c["name"]]
    fe, rs = load(fe_path), load(rs_path)
    listed = listed_differences(diff_path)
    seen = set()
    equal = {a: 0 for a in ASPECTS}
    unlisted = []
    names = [c["name"] for c in cases["cases"]]
    for case in cases["cases"]:
        keys = sorted((k for k in fe if k[0] == case["name"]), key=lambda k: (k[1], k[2] or 0))
        if not keys or set(keys) != set(k for k in rs if k[0] == case["name"]):
            unlisted.append("%s: the two sides planned different targets" % case["name"])
            continue
        found = {a: [] for a in ASPECTS}
        for key in keys:
            for aspect, why in compare_target(fe[key], rs[key]).items():
                for line in why or []:
                    target = "%s%s" % (key[1], "" if key[2] is None else "/sm%d" % key[2])
                    hit = next((f for f in found[aspect] if f[0] == line), None)
                    if hit:
                        hit[1].append(target)
                    else:
                        found[aspect].append((line, [target]))
        for aspect in ASPECTS:
            found[aspect] = ["%s  [%s]" % (line, ", ".join(t)) for line, t in found[aspect]]
        for aspect in ASPECTS:
            if not found[aspect]:
                equal[aspect] += 1
                continue
            if (case["name"], aspect) in listed:
                seen.add((case["name"], aspect))
                if verbose:
                    print("listed: %s, %s:\n    %s" % (case["name"], aspect, "\n    ".join(found[aspect])))
            else:
                unlisted.append("%s, %s:\n    %s" % (case["name"], aspect, "\n    ".join(found[aspect])))
    stale = [k for k in listed if k not in seen and (not only or k[0] in names)]
    for k in stale:
        why = "no such case" if k[0] not in names else "the two sides agree"
        unlisted.append("listed but not found (%s): %s, %s" % (why, k[0], k[1]))
    for u in unlisted:
        print("DIFFERENCE " + u)
    n = len(names)
    print(
        "frontend oracle: %d graphs, op graphs equal %d/%d, engine lists equal %d/%d, workspaces equal %d/%d, listed differences %d"
        % (n, equal["op graph"], n, equal["engines"], n, equal["workspaces"], n, len(seen))
    )
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
