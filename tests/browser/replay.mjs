// Plays a gridrender --animate replay page in headless Chromium with real key events,
// through puppeteer-core, and prints what it showed at each step as JSON.
//
//   node tests/browser/replay.mjs CHROMIUM PAGE.html [WIDE.html]
//
// WIDE.html, when given, is opened at a phone's 375x667 too, to see that its board fits.
import puppeteer from "puppeteer-core";

const [chromium, page_path, wide_path] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto("file://" + page_path);
  const look = () => page.evaluate(() => ({
    state: document.body.dataset.state,
    frame: Number(document.body.dataset.frame),
    time: Number(document.body.dataset.time),
    counters: document.getElementById("counters").textContent,
    covered: document.querySelectorAll("td.covered").length,
    safe: document.querySelectorAll("td.safe").length,
    guess: document.querySelectorAll("td.guess").length,
    needless: document.querySelectorAll("td.needless").length,
    trail: document.querySelector("polyline").getAttribute("points") || "",
  }));
  // The page opens playing; Home pauses it at the start.
  const seen = { start: await look() };
  await page.keyboard.press("Home");
  seen.home = await look();
  await page.keyboard.press("End");
  seen.end = await look();
  await page.keyboard.press("Home");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  seen.stepped = await look();
  await page.keyboard.press("ArrowLeft");
  seen.back = await look();
  await page.keyboard.press("+");
  await page.keyboard.press(" ");
  await new Promise(r => setTimeout(r, 700));
  seen.playing = await look();
  await page.keyboard.press(" ");
  seen.paused = await look();
  if (wide_path) {
    await page.setViewport({ width: 375, height: 667 });
    await page.goto("file://" + wide_path);
    seen.phone = await page.evaluate(() => ({
      board: document.getElementById("board").getBoundingClientRect().right,
      room: document.documentElement.clientWidth,
    }));
  }
  console.log(JSON.stringify(seen));
} finally {
  await browser.close();
}
