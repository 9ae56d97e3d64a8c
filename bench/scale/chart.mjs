// Draws docs/scale-size.svg and docs/scale-requests.svg from bench/scale/sizes.json and
// bench/scale/requests.json, and rewrites the tables of docs/scale.md between its marker
// comments, so the doc is regenerated from the measurements, never copied by hand.
//
//   npm run bench:scale:chart
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib/run.mjs';
import { renderSvg, replaceBetweenMarkers, requestRowsTable, requestsSpec, requestsTable, sizeSpec, sizesTable } from './chart-model.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'bench/scale/sizes.json' },
    requests: { type: 'string', default: 'bench/scale/requests.json' },
    doc: { type: 'string', default: 'docs/scale.md' },
    'out-dir': { type: 'string', default: 'docs' },
  },
});
const at = (file) => path.resolve(root, file);
const readJson = (file) => (existsSync(at(file)) ? JSON.parse(readFileSync(at(file), 'utf8')) : null);
const sizes = readJson(args.sizes);
const requests = readJson(args.requests);
if (!sizes) throw new Error(`${args.sizes} is missing: run npm run bench:scale:sizes -- --state-dir DIR --label L first`);

let doc = readFileSync(at(args.doc), 'utf8');
const written = [];
writeFileSync(at(path.join(args['out-dir'], 'scale-size.svg')), await renderSvg(sizeSpec(sizes)));
written.push(path.join(args['out-dir'], 'scale-size.svg'));
doc = replaceBetweenMarkers(doc, 'sizes', sizesTable(sizes));
if (requests) {
  writeFileSync(at(path.join(args['out-dir'], 'scale-requests.svg')), await renderSvg(requestsSpec(requests)));
  written.push(path.join(args['out-dir'], 'scale-requests.svg'));
  const image = '![Median and p95 of each budgeted request against members, with its budget](scale-requests.svg)';
  doc = replaceBetweenMarkers(doc, 'requests', `${image}\n\n${requestsTable(requests)}\n\nD1 rows read per request:\n\n${requestRowsTable(requests)}`);
} else {
  doc = replaceBetweenMarkers(doc, 'requests', `No request figures yet: ${args.requests} is written by the request bench.`);
}
writeFileSync(at(args.doc), doc);
written.push(args.doc);
console.log(`→ ${written.join(', ')}`);
