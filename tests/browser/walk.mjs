// Walks a gridrender --play page of a maze beyond the plane in headless Chromium with real
// input events, through puppeteer-core, and prints as JSON where the page says the walker is
// after each action, and how the game ends.
//
//   node tests/browser/walk.mjs CHROMIUM PAGE.html '["ArrowRight", {"tap": "#up"}, ...]' [phone]
//
// A string is a key pressed; {"tap": SELECTOR} taps (clicks) the middle of each element it
// matches, in turn; {"drag": SELECTOR, "by": [dx, dy]} drags from the element's middle by
// dx and dy of its width and height. With `phone` the window is 375 x 667, else 1000 x
// 1000; `cell` is how wide the walker's cell is drawn at the end, in pixels; `strips`
// (the cube) how well the strips of the faces beside the walker's meet it; `longest` the
// longest segment of the walk as drawn, in cells; `over` how many marks are drawn over the
// walker.
import puppeteer from "puppeteer-core";

const [chromium, page_path, actions_json, phone] = process.argv.slice(2);
const actions = JSON.parse(actions_json);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setViewport(phone ? { width: 375, height: 667 } : { width: 1000, height: 1000 });
  await page.goto("file://" + page_path);
  const where = () => page.evaluate(() => ({ ...document.body.dataset }));
  const seen = [];
  for (const action of actions) {
    if (typeof action === "string") {
      await page.keyboard.press(action);
    } else if (action.drag) {
      const box = await (await page.$(action.drag)).boundingBox();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + action.by[0] * box.width, y + action.by[1] * box.height, { steps: 4 });
      await page.mouse.up();
    } else {
      const found = await page.$$(action.tap);
      if (!found.length) throw new Error(`nothing on the page is ${action.tap}`);
      for (const e of found) {
        const box = await e.boundingBox();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
    }
    seen.push(await where());
  }
  const status = await page.evaluate(() => document.getElementById("status").textContent);
  const keys = await page.evaluate(() => document.querySelector(".keys").textContent);
  const cell = await page.evaluate(() => {
    const { walkerRow: row, walkerCol: col } = document.body.dataset;
    return document.querySelector(`[data-row="${row}"][data-col="${col}"]`).getBoundingClientRect().width;
  });
  // On the cube's page: how far from where it lies on the cube (beside the walker's face's
  // cell it meets, a cell over) each cell across an open edge of that face is drawn in its
  // strip, at worst, and how many were measured.
  const strips = await page.evaluate(() => {
    const uses = document.querySelectorAll("use.strip");
    if (!uses.length) return null;
    const toNet = document.getElementById("net").getScreenCTM().inverse();
    const face = B.part[path[path.length - 1]];
    let worst = 0, checked = 0;
    M.next.forEach((next, a) => {
      if (B.part[a] !== face) return;
      next.forEach((b, k) => {
        if (B.part[b] === face) return;
        const [vx, vy] = B.ways[a][k];
        const side = vy < 0 ? 0 : vx > 0 ? 1 : vy > 0 ? 2 : 3;
        const p = new DOMPoint(C[b][0], C[b][1]).matrixTransform(toNet.multiply(uses[side].getScreenCTM()));
        worst = Math.max(worst, Math.hypot(p.x - C[a][0] - vx, p.y - C[a][1] - vy));
        checked++;
      });
    });
    return { worst, checked };
  });
  // The longest segment of the walk as drawn (the lines shown with the class `path`), in
  // cells: a step over a stair or a seam is drawn as a dot where it lands, not a line.
  const longest = await page.evaluate(() => {
    let most = 0;
    for (const e of document.querySelectorAll(".path")) {
      if (getComputedStyle(e).display === "none") continue;
      const d = e.tagName === "polyline"
        ? e.getAttribute("points").trim().split(/\s+/).map((p, k) => `${k ? "L" : "M"}${p.replace(",", " ")}`).join("")
        : e.getAttribute("d") || "";
      let x = 0, y = 0;
      for (const [, op, a, b] of d.matchAll(/([MLl])\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)) {
        const [nx, ny] = op === "l" ? [x + Number(a), y + Number(b)] : [Number(a), Number(b)];
        if (op !== "M") most = Math.max(most, Math.hypot(nx - x, ny - y));
        [x, y] = [nx, ny];
      }
    }
    return most / unit;
  });
  // How many marks are drawn over the walker's disc (after it, beside it).
  const over = await page.evaluate(() => {
    let n = 0;
    for (let e = here.nextElementSibling; e; e = e.nextElementSibling) n++;
    return n;
  });
  console.log(JSON.stringify({ seen, end: await where(), status, keys, cell, strips, longest, over }));
} finally {
  await browser.close();
}
