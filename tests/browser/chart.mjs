// Opens a replay summary's chart page in headless Chromium, through puppeteer-core, at a
// phone's viewport (375 x 667, touch) and a desktop's (1280 x 800); prints for each how wide
// the chart shown is against the window and the scale its text is drawn at, whether the
// page scrolls sideways, and what tapping (on the desktop, clicking) the first game's point
// says in the line above the chart, as JSON.
//
//   node tests/browser/chart.mjs CHROMIUM PAGE.html
import puppeteer from "puppeteer-core";

const [chromium, page_path] = process.argv.slice(2);
const views = [
  { width: 375, height: 667, isMobile: true, hasTouch: true },
  { width: 1280, height: 800 },
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
    await page.setViewport(view);
    await page.goto("file://" + page_path);
    // The chart shown: the page holds a wide one and a narrow one, and shows one.
    const seen = await page.evaluate(() => {
      const svg = [...document.querySelectorAll("svg")].find(s => s.getBoundingClientRect().width > 0);
      const width = svg.getBoundingClientRect().width;
      return {
        chart: width,
        scale: width / svg.viewBox.baseVal.width,
        window: innerWidth,
        sideways: document.documentElement.scrollWidth > innerWidth,
        before: document.getElementById("picked").textContent,
      };
    });
    let point, box;
    for (const p of await page.$$("circle.game")) {
      box = await p.boundingBox();
      if (box && box.width > 0) { point = p; break; }
    }
    const at = [box.x + box.width / 2, box.y + box.height / 2];
    if (view.hasTouch) await page.touchscreen.tap(...at); else await page.mouse.click(...at);
    await new Promise(r => setTimeout(r, 100));
    seen.title = await point.evaluate(p => p.querySelector("title").textContent);
    seen.picked = await page.evaluate(() => document.getElementById("picked").textContent);
    out.push(seen);
    await page.close();
  }
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
}
