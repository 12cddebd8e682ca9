// Renders a program's plan as HTML with `sluice explain --format html` and screenshots it in headless
// Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH): `node scripts/plan-screenshot.mjs
// [program] [out.png]` (default: the join-and-group job of the CLI tests, .tmp/plan.png).
// Prints what the page shows as JSON: the operator boxes and channel arrows it found.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
/* global document */
import { launchBrowser } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const program = resolve(process.argv[2] ?? join(root, "test/cli/fixtures/join-and-group-job.ts"));
const png = resolve(process.argv[3] ?? join(root, ".tmp/plan.png"));
const html = png.replace(/\.png$/, "") + ".html";
mkdirSync(dirname(png), { recursive: true });

const cli = spawnSync(process.execPath, ["--import", "tsx", join(root, "src/cli/main.ts"), "explain", "--format", "html", "--output", html, program], {
  cwd: root,
  stdio: ["ignore", "ignore", "pipe"],
  encoding: "utf8",
});
if (cli.status !== 0) {
  process.stderr.write(cli.stderr);
  process.exit(cli.status ?? 1);
}

const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(html).href);
  const svg = page.locator("#plan svg");
  await svg.waitFor({ state: "visible" });
  const seen = await page.evaluate(() => ({
    title: document.title,
    nodes: [...document.querySelectorAll("g.node")].map((g) => {
      const r = g.getBoundingClientRect();
      return {
        id: g.getAttribute("data-id"),
        pact: g.getAttribute("data-pact"),
        text: [...g.querySelectorAll("text")].map((t) => t.textContent).join(" | "),
        width: r.width,
        height: r.height,
      };
    }),
    edges: [...document.querySelectorAll("g.edge")].map((g) => {
      const r = g.querySelector("path").getBoundingClientRect();
      return { from: g.getAttribute("data-from"), to: g.getAttribute("data-to"), label: g.querySelector("text").textContent, width: r.width, height: r.height };
    }),
  }));
  await page.screenshot({ path: png, fullPage: true });
  process.stdout.write(JSON.stringify({ html, png, errors, ...seen }, null, 2) + "\n");
} finally {
  await browser.close();
}
