// Plays a gridrender --play page in headless Chromium with real input events, through
// puppeteer-core (the DevTools protocol), and prints the page's state as JSON.
//
//   node tests/browser/play.mjs CHROMIUM PAGE.html keys|drag '[[row, col], ...]' [polar]
//   node tests/browser/play.mjs CHROMIUM PAGE.html fill '[[row, col, colour], ...]'
//   node tests/browser/play.mjs CHROMIUM PAGE.html click '[[row, col, "left"|"right"], ...]'
//
// `keys` walks the cells in turn with the arrow keys and Q/E/Z/C (the one nearest each
// step's direction); `drag` presses the mouse on the first cell and drags it through the
// others' centres; `fill` (a nonogram) chooses each cell's colour with its number key (1 the
// first) and clicks the cell; `click` (a mines board) clicks each tile with its button. Cells are found by their data-row/data-col (data-ring/
// data-cell).
import puppeteer from "puppeteer-core";

const [chromium, page_path, mode, cells_json, polar] = process.argv.slice(2);
const cells = JSON.parse(cells_json);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 1000 });
  await page.goto("file://" + page_path);
  const centre = async ([a, b]) => {
    const selector = polar
      ? `[data-ring="${a}"][data-cell="${b}"]`
      : `[data-row="${a}"][data-col="${b}"]`;
    const box = await (await page.$(selector)).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const points = [];
  for (const c of cells) points.push(await centre(c));
  const keys = [
    ["ArrowRight", 1, 0], ["ArrowLeft", -1, 0], ["ArrowUp", 0, -1], ["ArrowDown", 0, 1],
    ["q", -1, -1], ["e", 1, -1], ["z", -1, 1], ["c", 1, 1],
  ];
  if (mode === "click") {
    for (let i = 0; i < cells.length; i++) {
      await page.mouse.click(...points[i], { button: cells[i][2] || "left" });
    }
  } else if (mode === "fill") {
    for (let i = 0; i < cells.length; i++) {
      await page.keyboard.press(String(cells[i][2] + 1));
      await page.mouse.click(...points[i]);
    }
  } else if (mode === "keys") {
    for (let i = 1; i < points.length; i++) {
      const dx = points[i][0] - points[i - 1][0], dy = points[i][1] - points[i - 1][1];
      let best = null, least = Infinity;
      for (const [key, kx, ky] of keys) {
        const angle = Math.acos((dx * kx + dy * ky) / Math.hypot(dx, dy) / Math.hypot(kx, ky));
        if (angle < least) { least = angle; best = key; }
      }
      await page.keyboard.press(best);
    }
  } else {
    await page.mouse.move(...points[0]);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(...p, { steps: 4 });
    await page.mouse.up();
  }
  const state = await page.evaluate(() => ({
    state: document.body.dataset.state,
    status: document.getElementById("status").textContent,
    done: document.querySelectorAll(".clue.done").length,
  }));
  console.log(JSON.stringify(state));
} finally {
  await browser.close();
}
