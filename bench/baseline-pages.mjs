// The floor for paging: a plain Node script that fetches the same pages pmt fetched, one after
// another over one keep-alive connection with node:http, and parses each (JSON.parse). It does
// nothing pmt must do beyond that (no mapping to the unified model, no output), so "pmt's time
// beyond start-up / this script's time beyond start-up" is what pmt adds to the bare transfer.
//
//   node bench/baseline-pages.mjs <urls.json>     (a JSON array of absolute GET URLs)
//
// Prints the number of records in the pages (the first array found in each body) and the pages.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const urls = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { accept: 'application/json' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let records = 0;
for (const url of urls) {
  const page = JSON.parse(await get(url));
  const list = Object.values(page).find(Array.isArray);
  records += list ? list.length : 0;
}
agent.destroy();
process.stdout.write(`${records} records in ${urls.length} pages\n`);
