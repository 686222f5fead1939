// A crawler's visit, as a search engine that runs no JavaScript makes it: read the sitemaps,
// fetch N of their pages C at a time, and tell how many came back as the client-rendered app
// (an empty page to such a reader) instead of the rendered page. Run by bench/crawl.sh, which
// starts the site; usable against any running site:
//
//   node bench/crawl.mjs BASE_URL[,BASE_URL…] [N] [C]
//
// With several base URLs (replicas of one site) the pages are asked of each in turn. Every page
// is fetched twice: the first pass finds the site cold, the second shows what the page cache
// gives. Prints one line a pass: pages a second, median, p95 and slowest time, shells, errors.
const [bases, n = '500', c = '16'] = process.argv.slice(2);
if (!bases) {
  console.error('usage: node bench/crawl.mjs BASE_URL[,BASE_URL…] [N] [C]');
  process.exit(2);
}
const origins = bases.split(',').map((b) => b.replace(/\/+$/, ''));
const count = Number(n);
const concurrency = Number(c);
const userAgent = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
// The client-rendered app's page: the root element with nothing in it.
const SHELL = '<div id="root"></div>';

async function text(url) {
  const response = await fetch(url, { headers: { 'User-Agent': userAgent }, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

function locations(xml) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replaceAll('&amp;', '&'));
}

/** The sitemaps' pages, the languages taking turns, as paths and queries. */
async function sitemapPages() {
  const index = await text(`${origins[0]}/sitemap.xml`);
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  const lists = [];
  for (const sitemap of locations(index.body)) {
    const { pathname } = new URL(sitemap);
    const list = await text(`${origins[0]}${pathname}`);
    if (list.status !== 200) throw new Error(`${pathname} answered ${list.status}`);
    lists.push(locations(list.body).map((loc) => {
      const u = new URL(loc);
      return u.pathname + u.search;
    }));
  }
  const pages = [];
  for (let turn = 0; pages.length < count && lists.some((l) => turn < l.length); turn++) {
    for (const list of lists) if (turn < list.length && pages.length < count) pages.push(list[turn]);
  }
  return pages;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function pass(name, pages) {
  const times = [];
  let shells = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < pages.length) {
      const i = next++;
      const url = origins[i % origins.length] + pages[i];
      const t0 = performance.now();
      try {
        const page = await text(url);
        times.push(performance.now() - t0);
        if (page.status !== 200 && page.status !== 404) errors++;
        else if (page.body.includes(SHELL)) shells++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  console.log(
    `${name.padEnd(5)} ${pages.length} pages, ${concurrency} at a time: ${(pages.length / seconds).toFixed(1)} pages/s, ` +
      `median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, slowest ${ms(times.at(-1))}, ` +
      `shells ${shells}, errors ${errors}`,
  );
  return { shells, errors };
}

const pages = await sitemapPages();
console.log(`${pages.length} pages of the sitemaps, asked as ${userAgent.split(';')[1].trim()}, of ${origins.length} replica(s)`);
const cold = await pass('cold', pages);
const warm = await pass('warm', pages);
process.exit(cold.shells + warm.shells + cold.errors + warm.errors > 0 ? 1 : 0);
