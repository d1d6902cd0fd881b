// Opens a gridrender page in headless Chromium, through puppeteer-core, at a phone's
// viewport (375 x 667, touch) and a desktop's (1280 x 800), and at any `WxH` given; prints
// for each where the board is, whether all of it is in view, what a tap (a click on the
// desktop) on one tile did, whether the board's frame scrolls, and the page's text that came from the document, as JSON.
//
//   node tests/browser/look.mjs CHROMIUM PAGE.html TILE [WxH ...]
//
// TILE is the CSS selector of the tile to tap, or `next` for the cell a maze's start leads
// to. The board is the first child of #stage; `legend` is the bottom of the page's last
// paragraph.
import puppeteer from "puppeteer-core";

const [chromium, page_path, tile, ...more] = process.argv.slice(2);
const views = [
  { width: 375, height: 667, isMobile: true, hasTouch: true },
  { width: 1280, height: 800 },
  ...more.map(v => { const [width, height] = v.split("x").map(Number); return { width, height }; }),
];
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const out = [];
  for (const view of views) {
    const page = await browser.newPage();
    let dialogs = 0;
    page.on("dialog", d => { dialogs++; d.dismiss(); });
    await page.setViewport(view);
    await page.goto("file://" + page_path);
    const seen = await page.evaluate(() => {
      const board = document.getElementById("stage").firstElementChild.getBoundingClientRect();
      const last = [...document.querySelectorAll("body > p")].pop().getBoundingClientRect();
      return {
        board: [board.x, board.y, board.width, board.height],
        inside: board.x >= 0 && board.y >= 0 && board.right <= innerWidth && board.bottom <= innerHeight,
        fits: document.getElementById("stage").classList.contains("fits"),
        scrolls: document.getElementById("stage").scrollWidth > document.getElementById("stage").clientWidth,
        legend: last.bottom,
        title: document.title,
        h1: document.querySelector("h1").textContent,
        buttons: [...document.querySelectorAll("button")].map(b => b.textContent),
        images: document.querySelectorAll("img").length,
        keys: (document.querySelector(".keys") || {}).textContent || "",
      };
    });
    const selector = tile === "next"
      ? await page.evaluate(() => `[data-index="${M.next[M.start][0]}"]`)
      : tile;
    const target = await page.$(selector);
    if (target) {
      const box = await target.boundingBox();
      const at = [box.x + box.width / 2, box.y + box.height / 2];
      if (view.hasTouch) await page.touchscreen.tap(...at); else await page.mouse.click(...at);
      await new Promise(r => setTimeout(r, 100));
      seen.tapped = await page.evaluate(s => {
        const e = document.querySelector(s);
        return { class: e.getAttribute("class"), background: e.style.background, status: (document.getElementById("status") || {}).textContent };
      }, selector);
    }
    seen.view = [view.width, view.height];
    seen.dialogs = dialogs;
    out.push(seen);
    await page.close();
  }
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
}
