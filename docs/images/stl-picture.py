"""Draws a printed maze's STL as a shaded picture, from above at an angle, as a slicer's
preview shows it: trimesh reads the mesh, a z-buffer in numpy draws it, Pillow writes the PNG.

    python3 docs/images/stl-picture.py maze.stl maze.png [plate|tube|cube]

The walls' tops are orange, their sides darker, the floor cream; light from the front left.
A plate (the default) is seen from higher up; a tube (standing on its end) and a cube from
lower, so that their sides show, the floor being what lies a wall's height under the tops.
"""
import sys

import numpy as np
import trimesh
from PIL import Image

WIDTH, HEIGHT = 960, 720
stl, png = sys.argv[1], sys.argv[2]
shape = sys.argv[3] if len(sys.argv) > 3 else "plate"
mesh = trimesh.load(stl)
tris = mesh.triangles.astype(np.float64)
normals = mesh.face_normals

# A camera above the front edge, looking down at 50 degrees (a plate) or less, turned a little.
centre = (mesh.bounds[0] + mesh.bounds[1]) / 2
across = 2 if shape == "plate" else 3
size = np.ptp(mesh.bounds[:, :across], axis=0).max()
yaw, pitch = {"plate": (-25, 50), "tube": (-25, 25), "cube": (-35, 30)}[shape]
yaw, pitch = np.radians(yaw), np.radians(pitch)
right = np.array([np.cos(yaw), np.sin(yaw), 0.0])
ahead = np.array([-np.sin(yaw), np.cos(yaw), 0.0])
forward = np.cos(pitch) * ahead - np.sin(pitch) * np.array([0, 0, 1.0])
up = np.cross(right, forward)
eye = centre - forward * size * (2.2 if shape == "plate" else 3.5)
rel = tris - eye
x, y, depth = rel @ right, rel @ up, rel @ forward
focal = 1.9 * min(WIDTH, HEIGHT) / 2 * (1.0 if shape == "plate" else 1.4)
sx = WIDTH / 2 + focal * x / depth * 1.6
sy = HEIGHT / 2 - focal * y / depth * 1.6

light = np.array([-0.3, -0.5, 1.0])
light /= np.linalg.norm(light)
lambert = 0.45 + 0.55 * np.clip(normals @ light, 0, 1)
if shape == "plate":
    top = tris[:, :, 2].min(axis=1) >= mesh.bounds[1][2] - 1e-3
    floor = (normals[:, 2] > 0.99) & ~top
else:
    # How far out each face lies, along its own normal: from the axis (a tube, whose
    # faces facing out lie round it) or from the centre (a cube).
    mid = tris.mean(axis=1) - centre
    if shape == "tube":
        out = np.hypot(mid[:, 0], mid[:, 1])
        facing = (normals[:, :2] * mid[:, :2]).sum(axis=1) / np.maximum(out, 1e-9) > 0.9
    else:
        out = (normals * mid).sum(axis=1)
        facing = np.abs(normals).max(axis=1) > 0.99
    top = facing & (out > out[facing].max() - 0.5)
    floor = facing & ~top & (out > out[facing].max() - 10.0)
colour = np.where(top[:, None], [0.95, 0.55, 0.15], np.where(floor[:, None], [0.98, 0.92, 0.80], [0.85, 0.45, 0.10]))
colour = colour * lambert[:, None]

zbuf = np.full((HEIGHT, WIDTH), np.inf)
image = np.ones((HEIGHT, WIDTH, 3))
for t in range(len(tris)):
    px, py, pz = sx[t], sy[t], depth[t]
    x0, x1 = max(int(px.min()), 0), min(int(px.max()) + 1, WIDTH)
    y0, y1 = max(int(py.min()), 0), min(int(py.max()) + 1, HEIGHT)
    if x0 >= x1 or y0 >= y1:
        continue
    gx, gy = np.meshgrid(np.arange(x0, x1) + 0.5, np.arange(y0, y1) + 0.5)
    d = (py[1] - py[2]) * (px[0] - px[2]) + (px[2] - px[1]) * (py[0] - py[2])
    if abs(d) < 1e-12:
        continue
    a = ((py[1] - py[2]) * (gx - px[2]) + (px[2] - px[1]) * (gy - py[2])) / d
    b = ((py[2] - py[0]) * (gx - px[2]) + (px[0] - px[2]) * (gy - py[2])) / d
    c = 1 - a - b
    inside = (a >= -1e-9) & (b >= -1e-9) & (c >= -1e-9)
    z = a * pz[0] + b * pz[1] + c * pz[2]
    region = zbuf[y0:y1, x0:x1]
    nearer = inside & (z < region)
    region[nearer] = z[nearer]
    image[y0:y1, x0:x1][nearer] = colour[t]

# Cropped to the model, with a margin.
rows, cols = np.nonzero(np.isfinite(zbuf))
m = 12
image = image[max(rows.min() - m, 0):rows.max() + m, max(cols.min() - m, 0):cols.max() + m]
Image.fromarray((image * 255).astype(np.uint8)).save(png, optimize=True)
