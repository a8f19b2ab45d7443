//! Device descriptions (`DeviceProperties::from_json`): a shipped
//! description with keys set at and past their bounds
//! (`DeviceProperties::fields`), values of other JSON types, names
//! measured in bytes and in characters (one- to four-byte UTF-8), names
//! with NULs, escapes and blanks, keys removed, optional and unknown keys
//! added, a key twice. `from_json` must answer as the table says: `Ok`
//! when every key is within its row, else a typed error naming a key.
//!
//! What it takes goes to cuDNN in a child process (this binary again,
//! [`CHILD`]), a batch of [`BATCH`] cases per child: each finalized as a
//! device descriptor, and one in [`PLAN_EVERY`] planned for (a small
//! convolution); one case in [`PROFILE_EVERY`], taken or not, is also
//! read as the device profile of a recorded plan
//! (`ExecutionPlan::from_json`, which checks it against the same bounds).
//! The child regenerates the cases from the seed; an abort
//! or a signal there fails the case that started it, whose input names
//! the batch (`CUDNN_GEN_CASE=device:i` replays case `i` alone, in a
//! child of its own).

use std::process::{Command, Stdio};
use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DeviceProperties, ExecutionPlan, FieldKind, Graph, Settings, Target,
};
use cudnn::Library;
use serde_json::{Number, Value};

use crate::gen::Rng;
use crate::{Area, Case};

pub const AREAS: &[Area] = &[Area {
    name: "device",
    weight: 2,
    needs_lib: true,
    writes_files: false,
    run: device,
}];

/// The variable that makes this binary a child: `seed:from:count`.
pub const CHILD: &str = "CUDNN_GEN_DEVICE_CHILD";

/// Cases per child.
const BATCH: u64 = 500;

/// One accepted description in this many is planned for.
const PLAN_EVERY: u64 = 16;

/// One case in this many is also read as a plan's device profile.
const PROFILE_EVERY: u64 = 4;

/// The recorded sm_90 convolution plan, whose device profile the cases
/// replace.
const PLAN: &str = include_str!("../data/conv-plan-sm90.json");

/// [`PLAN`] with `profile`, as it is (a key twice included), for its
/// device profile.
fn plan_with_profile(profile: &str) -> String {
    let plan = PLAN.trim();
    let at = plan.find("\"GPUProfile\":").expect("a profile") + "\"GPUProfile\":".len();
    // The profile holds arrays but no object: it ends at the first `}`.
    let end = at + plan[at..].find('}').expect("its end") + 1;
    format!("{}{profile}{}", &plan[..at], &plan[end..])
}

/// Keys this crate does not know (cuDNN 9.28 ignores them).
const UNKNOWN: [&str; 4] = ["uuid", "computeMode", "luid", "deviceName "];

/// Characters of one to four bytes, and some that JSON escapes.
const UNITS: [&str; 9] = ["x", "é", "中", "🦀", "\0", "\"", "\\", "\u{7f}", "\u{FEFF}"];

/// A generated description: its text, and whether the table takes it.
pub struct Description {
    pub text: String,
    pub fits: bool,
    pub what: String,
}

/// A name of about `len` bytes around the bound, in `unit`s.
fn name(rng: &mut Rng, max: usize) -> String {
    match rng.below(6) {
        0 => String::new(),
        1 => " \t ".into(),
        2 => rng.text(40),
        _ => {
            let unit = rng.pick(&UNITS);
            let tail = rng.pick(&UNITS);
            // Bytes near the bound, counted in units and in bytes.
            let target = match rng.below(4) {
                0 => max,
                1 => max + 1,
                2 => max.saturating_sub(rng.index(4)) + rng.index(4),
                _ => rng.range(1, 2 * max),
            };
            let mut s = unit.repeat(target / unit.len());
            while s.len() + tail.len() <= target {
                s.push_str(tail);
            }
            s
        }
    }
}

/// An integer near `f`'s bounds and the edges of `int` and `i64`, or a
/// value of another type.
fn integer(rng: &mut Rng, min: i64, max: i64) -> Value {
    let n: i128 = match rng.below(12) {
        0 => min.into(),
        1 => max.into(),
        2 => i128::from(min) - 1,
        3 => i128::from(max) + 1,
        4 => rng.pick(&[0, -1, 1, 10, 500, 910, 1505]),
        5 => rng.pick(&[
            i128::from(i32::MAX),
            i128::from(i32::MAX) + 1,
            i128::from(i32::MIN),
            i128::from(i64::MAX),
            i128::from(i64::MAX) + 1,
            i128::from(u64::MAX),
            i128::from(i64::MIN),
        ]),
        6 => {
            return rng
                .pick(&[
                    "1.5", "1e3", "-0", "0.0", "\"7\"", "null", "true", "[]", "{}", "[1]",
                ])
                .parse()
                .expect("JSON")
        }
        _ => i128::from(min) + i128::from(rng.below((max - min) as u64 + 1)),
    };
    Number::from_i128(n).map_or(Value::Null, Value::Number)
}

/// A value for `f`: mostly at or past its bounds, sometimes of another
/// JSON type.
fn value(rng: &mut Rng, f: &cudnn::graph::DeviceField) -> Value {
    match f.kind {
        FieldKind::Text => match rng.below(8) {
            0 => integer(rng, 0, 1),
            _ => Value::from(name(rng, f.max as usize)),
        },
        FieldKind::Integers3 => match rng.below(8) {
            0 => integer(rng, f.min, f.max),
            1 => Value::Array(
                (0..rng.pick(&[0, 1, 2, 4, 9]))
                    .map(|_| integer(rng, f.min, f.max))
                    .collect(),
            ),
            _ => Value::Array((0..3).map(|_| integer(rng, f.min, f.max)).collect()),
        },
        _ => integer(rng, f.min, f.max),
    }
}

/// Whether `v` is within `f`'s row (the table's model of `from_json`).
fn within(f: &cudnn::graph::DeviceField, v: &Value) -> bool {
    let int = |v: &Value| {
        v.as_i64()
            .is_some_and(|i| (f.min..=f.max).contains(&i) && (f.key != "deviceVer" || i % 10 == 0))
    };
    match f.kind {
        FieldKind::Text => v
            .as_str()
            .is_some_and(|s| !s.trim().is_empty() && s.len() as u64 <= f.max as u64),
        FieldKind::Integers3 => v
            .as_array()
            .is_some_and(|a| a.len() == 3 && a.iter().all(int)),
        _ => int(v),
    }
}

/// Case `rng`'s description.
pub fn description(rng: &mut Rng) -> Description {
    let preset = rng.pick(&[
        "h100-sxm",
        "h200",
        "a100-sxm4-80gb",
        "l4",
        "l40",
        "rtx-4090",
        "b200",
        "rtx-5090",
    ]);
    let base = DeviceProperties::preset(preset).expect("a preset");
    let mut members: Vec<(String, Value)> =
        serde_json::from_str::<serde_json::Map<String, Value>>(base.json())
            .expect("JSON")
            .into_iter()
            .collect();
    let mut what = preset.to_string();
    let fields = DeviceProperties::fields();
    for _ in 0..rng.range(1, 4) {
        let f = &fields[rng.index(fields.len())];
        match rng.below(10) {
            0 => {
                members.retain(|(k, _)| k != f.key);
                what.push_str(&format!(", no {}", f.key));
            }
            1 => {
                // The key twice: the last one counts.
                let v = value(rng, f);
                what.push_str(&format!(", {} again = {}", f.key, short(&v)));
                members.push((f.key.to_string(), v));
            }
            2 => {
                let k = rng.pick(&UNKNOWN);
                let v = value(rng, f);
                what.push_str(&format!(", unknown {k:?} = {}", short(&v)));
                members.push((k.to_string(), v));
            }
            _ => {
                let v = value(rng, f);
                what.push_str(&format!(", {} = {}", f.key, short(&v)));
                match members.iter_mut().rev().find(|(k, _)| k == f.key) {
                    Some(m) => m.1 = v,
                    None => members.push((f.key.to_string(), v)),
                }
            }
        }
    }
    // The last of each key counts, as serde_json reads it.
    let last = |key: &str| members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v);
    let fits = fields.iter().all(|f| match last(f.key) {
        Some(v) => within(f, v),
        None => !f.required,
    });
    let pretty = rng.one_in(4);
    let mut text = String::from("{");
    for (i, (k, v)) in members.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        if pretty {
            text.push_str("\n  ");
        }
        text.push_str(&format!(
            "{}:{}{v}",
            Value::from(k.as_str()),
            if pretty { " " } else { "" }
        ));
    }
    text.push('}');
    Description { text, fits, what }
}

/// `v` for a case's description: at most 40 characters.
fn short(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(40) {
        Some((at, _)) => format!("{}... ({} bytes)", &s[..at], s.len()),
        None => s,
    }
}

fn device(c: &mut Case) {
    let d = description(&mut c.rng);
    say!(c, "{}", d.what);
    let r = DeviceProperties::from_json(&d.text);
    match &r {
        Ok(_) => assert!(
            d.fits,
            "from_json took a description the table refuses: {}",
            d.text
        ),
        Err(cudnn::Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(*function, "DeviceProperties::from_json");
            assert!(
                !d.fits,
                "from_json refused a description the table takes ({mismatch}): {}",
                d.text
            );
            assert!(
                mismatch.to_string().contains('`'),
                "no key named: {mismatch}"
            );
        }
        Err(e) => panic!("not the typed refusal: {e}"),
    }
    c.note(r);
    // The first case of each batch (or the case replayed) runs the batch
    // through cuDNN in a child.
    let count = if c.ctx.replay { 1 } else { BATCH };
    if c.ctx.replay || c.index.is_multiple_of(BATCH) {
        let (from, to) = (c.index, c.index + count);
        say!(c, "; cases {from}..{to} in a child");
        let (ok, err) = in_child(c.seed, c.index, count);
        c.ok += ok;
        c.err += err;
    }
}

/// Runs cases `from..from + count` in a child; its counts of results
/// (`Ok`, typed errors). Panics when the child fails.
fn in_child(seed: u64, from: u64, count: u64) -> (u64, u64) {
    let out = Command::new(std::env::current_exe().expect("this test binary"))
        .env(CHILD, format!("{seed}:{from}:{count}"))
        .stdin(Stdio::null())
        .output()
        .expect("the child");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        // The case it was on: the last one it started.
        let last = text
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("device case "))
            .unwrap_or("none");
        let tail: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("device case "))
            .collect();
        panic!(
            "the child of cases {from}..{} failed ({}) in case {last} (CUDNN_GEN_CASE=device:{last} \
             replays it): {}",
            from + count,
            out.status,
            tail.join("\n")
        );
    }
    let counts = text
        .lines()
        .find_map(|l| l.strip_prefix("device child: "))
        .unwrap_or_else(|| panic!("the child did not finish: {text}"));
    let mut n = counts.split(' ').filter_map(|w| w.parse::<u64>().ok());
    (n.next().unwrap_or(0), n.next().unwrap_or(0))
}

/// A small convolution, planned for some accepted descriptions (`None`
/// where it is not built without a handle: cuDNN 8).
fn conv(lib: &Arc<Library>) -> Option<cudnn::graph::OperationGraph> {
    let f = cudnn::sys::cudnnDataType_t::CUDNN_DATA_FLOAT;
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[1, 3, 8, 8], f).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], f).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, f).expect("y");
    g.build_with(lib, None).ok()
}

/// The child ([`CHILD`] is `seed:from:count`): regenerates the cases,
/// gives what `from_json` takes to cuDNN (finalized; one in
/// [`PLAN_EVERY`] planned for), reads one case in [`PROFILE_EVERY`] as a
/// plan's device profile, and prints `device child: {ok} ok {err}
/// typed errors`. An error that is not typed panics, which fails the
/// child (status 101).
pub fn child(spec: &str, lib: &Arc<Library>) {
    let parts: Vec<u64> = spec
        .split(':')
        .map(|p| p.parse().expect("seed:from:count"))
        .collect();
    let &[seed, from, count] = parts.as_slice() else {
        panic!("{CHILD}={spec}: not seed:from:count");
    };
    let graph = conv(lib);
    let h100 = DeviceProperties::preset("h100-sxm").expect("h100");
    let (mut ok, mut err, mut taken) = (0u64, 0u64, 0u64);
    let mut count_result = |r: cudnn::Result<()>| match r {
        Ok(()) => ok += 1,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            err += 1;
        }
    };
    for i in from..from + count {
        let d = description(&mut Rng::for_case(seed, "device", i));
        // Before cuDNN sees it: the last such line names a case that
        // crashed the child (stdout is line-buffered).
        println!("device case {i}");
        if i % PROFILE_EVERY == 0 {
            let plan = plan_with_profile(&d.text);
            count_result(
                ExecutionPlan::from_json(
                    &plan,
                    Target::Device {
                        library: lib,
                        device: &h100,
                    },
                )
                .map(drop),
            );
        }
        let Ok(p) = DeviceProperties::from_json(&d.text) else {
            continue;
        };
        count_result(p.check(lib));
        taken += 1;
        if let Some(graph) = graph.as_ref().filter(|_| taken % PLAN_EVERY == 1) {
            count_result(
                graph
                    .plans(
                        Target::Device {
                            library: lib,
                            device: &p,
                        },
                        &Settings::default(),
                    )
                    .map(drop),
            );
        }
    }
    println!("device child: {ok} ok {err} typed errors ({taken} descriptions taken)");
}
