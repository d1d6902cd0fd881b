// Presses a nonogram page's Check between two rounds of clicks, in headless Chromium through
// puppeteer-core, and prints the status line after Check and after the second round, as JSON.
//
//   node tests/browser/check.mjs CHROMIUM PAGE.html '[[row, col], ...]' '[[row, col], ...]'
import puppeteer from "puppeteer-core";

const [chromium, page_path, first, then] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto("file://" + page_path);
  const click = async cells => {
    for (const [r, c] of cells) {
      const box = await (await page.$(`[data-row="${r}"][data-col="${c}"]`)).boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
  };
  const status = () => page.evaluate(() => document.getElementById("status").textContent);
  await click(JSON.parse(first));
  await page.click("#check");
  const checked = await status();
  await click(JSON.parse(then));
  console.log(JSON.stringify({ checked, after: await status() }));
} finally {
  await browser.close();
}
