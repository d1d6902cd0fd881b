//! Mazes beyond the plane printed (`-o maze.stl`): a wrapped maze as a tube, a cube maze as
//! a cube, each read back by an independent mesh library (trimesh, in Python): one
//! watertight body of the expected size, its passages open and its walls solid.

use crate::harness::{run, scratch};
use crate::machines::trimesh_python;
use std::f64::consts::PI;

/// The printer's defaults, in millimetres: a cell, a wall's thickness and height, the base.
const CELL: f64 = 10.0;
const WALL: f64 = 1.2;
const HEIGHT: f64 = 8.0;
const BASE: f64 = 2.0;

/// What trimesh checks of a printed shape, given the STL and a JSON of its expected size
/// (`size`, x y z in mm, each within 1% and 0.1 mm) and of points that must lie inside the
/// solid (walls, posts, the body) and outside it (open passages, cells' floors, the hole).
const CHECK: &str = r#"
import json, sys
import numpy as np, trimesh
stl, facts = sys.argv[1], json.load(open(sys.argv[2]))
mesh = trimesh.load(stl)
assert mesh.is_watertight, "not watertight"
assert mesh.is_winding_consistent, "normals not consistent"
assert mesh.is_volume, "not a volume"
assert mesh.volume > 0, "normals point inward"
bodies = mesh.split(only_watertight=False)
assert len(bodies) == 1, f"{len(bodies)} bodies"
assert mesh.area_faces.min() > 1e-9, "a degenerate triangle"
assert np.allclose(mesh.bounds[0], 0, atol=0.1), f"not at the origin: {mesh.bounds[0]}"
size = np.ptp(mesh.bounds, axis=0)
want = np.array(facts["size"])
assert np.allclose(size, want, rtol=0.01, atol=0.1), f"{size} against {want}"
inside, outside = np.array(facts["inside"]), np.array(facts["outside"])
lost = inside[~mesh.contains(inside)]
assert len(lost) == 0, f"{len(lost)} of {len(inside)} points of walls outside: {lost[:3]}"
found = outside[mesh.contains(outside)]
assert len(found) == 0, f"{len(found)} of {len(outside)} points of passages inside: {found[:3]}"
print(f"{len(mesh.faces)} triangles, {len(inside)} points in walls, {len(outside)} in passages")
"#;

/// Runs the check on `stl` with `facts`, or says why it failed.
fn check(python: &str, dir: &std::path::Path, name: &str, facts: serde_json::Value) {
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, facts.to_string()).unwrap();
    let out = std::process::Command::new(python)
        .args(["-c", CHECK])
        .arg(dir.join(format!("{name}.stl")))
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{name}: {}", String::from_utf8_lossy(&out.stdout).trim());
}

/// A maze document's `cells` rows, each cell's digit.
fn digits(doc: &serde_json::Value) -> Vec<Vec<u8>> {
    doc["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_str()
                .unwrap()
                .bytes()
                .map(|b| b.wrapping_sub(b'0'))
                .collect()
        })
        .collect()
}

/// Points on a tube of `round` cells round (the document's columns for `x`, its rows for
/// `y`) and `along` along, `cell` mm a cell: each cell's floor, each wall between two cells
/// round and along (inside when it stands), each post, the tube's own body, and its hole.
fn tube_points(doc: &serde_json::Value, wrap_x: bool, cell: f64) -> (Vec<[f64; 3]>, Vec<[f64; 3]>) {
    let cells = digits(doc);
    let (rows, cols) = (cells.len(), cells[0].len());
    let (round, along) = if wrap_x { (cols, rows) } else { (rows, cols) };
    let foot = round as f64 * cell / (2.0 * PI);
    let top = foot + HEIGHT;
    // A point at `arc` mm round the walls' foot, `z` along, `r` out from the axis.
    let at = |arc: f64, z: f64, r: f64| {
        let a = arc / foot;
        [top + r * a.cos(), top + r * a.sin(), z]
    };
    let mid = foot + HEIGHT / 2.0;
    // Cell (u round, v along) and whether its passage to the next cell round, and along, is
    // open: E and S of the document, or S and E when rows go round.
    let digit = |u: usize, v: usize| if wrap_x { cells[v][u] } else { cells[u][v] };
    let (round_bit, along_bit) = if wrap_x { (1, 2) } else { (2, 1) };
    let (mut inside, mut outside) = (Vec::new(), Vec::new());
    for u in 0..round {
        for v in 0..along {
            let (arc, z) = (
                (u as f64 + 0.5) * cell,
                WALL / 2.0 + (v as f64 + 0.5) * cell,
            );
            outside.push(at(arc, z, mid));
            inside.push(at(arc, z, foot - BASE / 2.0));
            outside.push([top, top, z]);
            let d = digit(u, v);
            // Round: the wall after cell u, over the seam for the last.
            let wall = at((u + 1) as f64 * cell, z, mid);
            if d & round_bit != 0 {
                &mut outside
            } else {
                &mut inside
            }
            .push(wall);
            if v + 1 < along {
                let wall = at(arc, z + cell / 2.0, mid);
                if d & along_bit != 0 {
                    &mut outside
                } else {
                    &mut inside
                }
                .push(wall);
            }
            inside.push(at(u as f64 * cell, WALL / 2.0 + v as f64 * cell, mid));
        }
        // The ends' walls.
        inside.push(at((u as f64 + 0.5) * cell, WALL / 4.0, mid));
        let end = WALL / 2.0 + along as f64 * cell + WALL / 4.0;
        inside.push(at((u as f64 + 0.5) * cell, end, mid));
    }
    (inside, outside)
}

#[test]
fn a_wrapped_maze_prints_as_one_watertight_tube_with_open_passages() {
    let Some(python) = trimesh_python() else {
        return;
    };
    let dir = scratch("stl-tube");
    for (wrap, size, inner) in [
        ("x", ["12", "5"], None),
        ("y", ["4", "9"], None),
        ("x", ["10", "4"], Some("40")),
    ] {
        let maze = run(
            "mazegen",
            &["--seed", "7", "--wrap", wrap, size[0], size[1]],
            "",
        );
        assert_eq!(maze.status, 0, "{}", maze.stderr);
        let name = format!("tube-{wrap}-{}", inner.unwrap_or("cells"));
        let stl = dir.join(format!("{name}.stl"));
        let mut args = vec!["-o", stl.to_str().unwrap()];
        if let Some(inner) = inner {
            args.extend(["--inner-mm", inner]);
        }
        let r = run("gridrender", &args, &maze.stdout);
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        assert!(r.stderr.contains("prints as a tube"), "{}", r.stderr);
        let doc = maze.doc();
        let wrap_x = wrap == "x";
        let (round, along) = {
            let (w, h) = (
                doc["width"].as_u64().unwrap(),
                doc["height"].as_u64().unwrap(),
            );
            if wrap_x { (w, h) } else { (h, w) }
        };
        let cell = match inner {
            Some(d) => PI * (d.parse::<f64>().unwrap() + 2.0 * BASE) / round as f64,
            None => CELL,
        };
        let outer = 2.0 * (round as f64 * cell / (2.0 * PI) + HEIGHT);
        let length = along as f64 * cell + WALL;
        let (inside, outside) = tube_points(&doc, wrap_x, cell);
        if let Some(d) = inner {
            assert!(
                r.stderr.contains(&format!("{d}.0 mm across inside")),
                "{}",
                r.stderr
            );
        }
        check(
            &python,
            &dir,
            &name,
            serde_json::json!({
                "size": [outer, outer, length],
                "inside": inside,
                "outside": outside,
            }),
        );
    }
}

/// Points on the cube's front face (face 0) and over its top edge: each cell's floor, the
/// walls between its cells and the posts, the passages over the edge to the top face, the
/// cube's middle. Printed, the cube stands on its bottom face: (x, y, z) of the document's
/// frame (y down, z away from the front) is (x + H, z + H, side + H - y).
fn cube_points(doc: &serde_json::Value) -> (Vec<[f64; 3]>, Vec<[f64; 3]>) {
    let cells = digits(doc);
    let n = cells[0].len();
    let side = n as f64 * CELL;
    let at = |x: f64, y: f64, z: f64| [x + HEIGHT, z + HEIGHT, side + HEIGHT - y];
    let z = -HEIGHT / 2.0;
    let (mut inside, mut outside) = (vec![at(side / 2.0, side / 2.0, side / 2.0)], Vec::new());
    for (r, row) in cells.iter().take(n).enumerate() {
        for (c, &d) in row.iter().enumerate() {
            let (x, y) = ((c as f64 + 0.5) * CELL, (r as f64 + 0.5) * CELL);
            outside.push(at(x, y, z));
            if c + 1 < n {
                let wall = at(x + CELL / 2.0, y, z);
                if d & 1 != 0 {
                    &mut outside
                } else {
                    &mut inside
                }
                .push(wall);
            }
            if r + 1 < n {
                let wall = at(x, y + CELL / 2.0, z);
                if d & 2 != 0 {
                    &mut outside
                } else {
                    &mut inside
                }
                .push(wall);
            }
            if r > 0 && c > 0 {
                inside.push(at(c as f64 * CELL, r as f64 * CELL, z));
            }
        }
        // Over the top edge: face 0's row 0 meets face 1's last row, whose cells own the
        // passage with their S bit.
        let over = at((r as f64 + 0.5) * CELL, -HEIGHT / 2.0, -HEIGHT / 2.0);
        let top_row = &cells[2 * n - 1];
        if top_row[r] & 2 != 0 {
            &mut outside
        } else {
            &mut inside
        }
        .push(over);
    }
    (inside, outside)
}

#[test]
fn a_cube_maze_prints_as_one_watertight_cube_with_open_passages() {
    let Some(python) = trimesh_python() else {
        return;
    };
    let dir = scratch("stl-cube");
    let maze = run("mazegen", &["--seed", "4", "--tiling", "cube", "5"], "");
    assert_eq!(maze.status, 0, "{}", maze.stderr);
    let stl = dir.join("cube.stl");
    let r = run("gridrender", &["-o", stl.to_str().unwrap()], &maze.stdout);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("prints as a cube 66 mm a side"),
        "{}",
        r.stderr
    );
    let (inside, outside) = cube_points(&maze.doc());
    // Some passage over the top edge is open and some closed, for both to be tried.
    assert!(inside.len() > 20 && outside.len() > 25);
    let side = 5.0 * CELL + 2.0 * HEIGHT;
    check(
        &python,
        &dir,
        "cube",
        serde_json::json!({ "size": [side, side, side], "inside": inside, "outside": outside }),
    );
}

/// What a printer does not make of these shapes, or a flag that does nothing for them, is
/// refused in one line, exit 2, no file written.
#[test]
fn printing_a_shape_refuses_what_it_cannot_make() {
    let dir = scratch("stl-shapes-refused");
    let stl = dir.join("maze.stl");
    let out = stl.to_str().unwrap();
    let maze = |args: &[&str]| run("mazegen", args, "").stdout;
    let (tube, cube) = (
        maze(&["--wrap", "x", "6", "4"]),
        maze(&["--tiling", "cube", "3"]),
    );
    let flat = maze(&["5"]);
    let cases: Vec<(Vec<&str>, String, &str)> = vec![
        (
            vec!["-o", out],
            maze(&["--wrap", "xy", "6", "4"]),
            "wraps xy: a torus",
        ),
        (
            vec!["-o", out],
            maze(&["--wrap", "mobius", "6", "4"]),
            "wraps mobius: a Möbius strip has one side",
        ),
        (
            vec!["-o", out],
            maze(&["--levels", "2", "3", "3"]),
            "as a machine file",
        ),
        (
            vec!["-o", out, "--inner-mm", "40"],
            flat.clone(),
            "--inner-mm sizes a printed tube",
        ),
        (
            vec!["-o", out, "--inner-mm", "40"],
            cube.clone(),
            "--inner-mm sizes a printed tube",
        ),
        (
            vec!["-o", out, "--size", "100x100"],
            tube.clone(),
            "--size fits a flat maze",
        ),
        (
            vec!["-o", out, "--marble"],
            cube.clone(),
            "--marble opens a flat maze's outer wall",
        ),
        (
            vec!["-o", out, "--wall-mm", "6"],
            cube.clone(),
            "--cell-mm 12.0 or more",
        ),
        (
            vec!["-o", out, "--base-mm", "3"],
            cube.clone(),
            "--base-mm sizes a plate's base",
        ),
        (
            vec!["-o", out, "--segment-mm", "2"],
            cube.clone(),
            "--segment-mm sizes curved walls",
        ),
        (
            vec!["-o", out, "--wall-mm", "6"],
            tube.clone(),
            "--cell-mm 12.0 or more",
        ),
        // Cells round a 2 mm hole are too narrow for their walls: the hole that fits.
        (
            vec!["-o", out, "--inner-mm", "2", "--wall-mm", "2"],
            tube.clone(),
            "--inner-mm 3.7 or more",
        ),
        (
            vec!["-o", out, "--base-mm", "20"],
            maze(&["--wrap", "x", "3", "3"]),
            "--cell-mm 43.0 or more",
        ),
        (
            vec!["-o", out, "--segment-mm", "0.01"],
            maze(&["--wrap", "x", "100", "40"]),
            "at most 4000000 pieces",
        ),
        (
            vec!["-o", out],
            maze(&["--tiling", "cube", "78"]),
            "needs 4019679: make the cube's faces fewer cells a side, 77 at most",
        ),
        (
            vec!["-o", out, "--inner-mm", "40", "--cell-mm", "5"],
            tube.clone(),
            "cannot be used",
        ),
        (
            vec!["-o", "x.svg", "--inner-mm", "40"],
            tube.clone(),
            "--inner-mm is for a printed tube",
        ),
        (
            vec!["-o", out, "--inner-mm", "0"],
            tube.clone(),
            "--inner-mm",
        ),
    ];
    for (args, input, needle) in cases {
        let r = run("gridrender", &args, &input);
        r.assert_error("gridrender", 2, needle);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(!stl.exists(), "{args:?}: a file was written");
        assert!(!std::path::Path::new("x.svg").exists());
    }
}
