// The figures of docs/scale.md from bench/scale/sizes.json and bench/scale/requests.json:
// two Vega-Lite charts (rendered to SVG by Vega in Node, no browser) and the markdown
// tables between the doc's marker comments. bench/scale/chart.mjs writes them; kept free
// of file I/O so scripts/scale-chart.test.ts renders from a fixture.
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

/** D1's size limit per database (Workers Paid), in bytes. */
export const D1_LIMIT_BYTES = 10e9;
/** Table groups drawn one by one in the size chart; the rest are summed as "other tables". */
const CHART_GROUPS = 8;
const PROJECTED_MEMBERS = [1_000_000, 10_000_000];
const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n < 100 ? n.toFixed(1) : String(Math.round(n)));
const gb = (bytes) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(0)} MB`);

/** 0.1, 1, 10, … spanning `values`: the ticks of a log axis. */
function powersOfTen(values) {
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  return Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
}

/** Labels ('10k', '100k', '1m') ordered by their members, fewest first. */
export function labelsByMembers(figures) {
  return Object.keys(figures).sort((a, b) => figures[a].members - figures[b].members);
}

/**
 * The request kinds of one size in requests.json (bench/scale/requests.mjs writes
 * `{ members, kinds: { name: { medianMs, p95Ms, budget: { statistic, ms } } } }`), as
 * `{ name: { medianMs, p95Ms, budgetMs, budgetStat } }`.
 */
export function requestKindsOf(entry) {
  return Object.fromEntries(
    Object.entries(entry.kinds ?? {}).map(([kind, value]) => [
      kind,
      { medianMs: value.medianMs, p95Ms: value.p95Ms, budgetMs: value.budget?.ms ?? null, budgetStat: value.budget?.statistic ?? 'p95' },
    ]),
  );
}

/** "p95 ≤ 25 ms" */
const budgetText = ({ budgetMs, budgetStat }) => (budgetMs == null ? 'no budget' : `${budgetStat} ≤ ${budgetMs} ms`);

/** The table groups drawn apart at every size: the largest at the largest size; the others are summed. */
function chartGroups(sizes) {
  const labels = labelsByMembers(sizes);
  const largest = sizes[labels.at(-1)];
  return Object.keys(largest.groups).slice(0, CHART_GROUPS);
}

/** Vega-Lite spec: median and p95 of each request kind against members (log x), with its budget as a dashed line. */
export function requestsSpec(requests) {
  const labels = labelsByMembers(requests);
  const rows = [];
  for (const label of labels) {
    const { members } = requests[label];
    for (const [kind, figures] of Object.entries(requestKindsOf(requests[label]))) {
      const request = `${kind} | ${budgetText(figures)}`;
      rows.push({ request, members, series: 'median', ms: figures.medianMs }, { request, members, series: 'p95', ms: figures.p95Ms });
      if (figures.budgetMs != null) rows.push({ request, members, series: `budget`, ms: figures.budgetMs });
    }
  }
  const members = labels.map((label) => requests[label].members);
  return {
    $schema: SCHEMA,
    title: 'Budgeted requests against members (local stack)',
    data: { values: rows },
    // Two-line panel titles (the request, then its budget), so a long name does not widen its column.
    facet: {
      field: 'request',
      type: 'nominal',
      title: null,
      sort: [...new Set(rows.map((row) => row.request))],
      header: { labelExpr: "split(datum.value, ' | ')", labelLimit: 0 },
    },
    columns: 4,
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 190,
      height: 130,
      layer: [
        {
          mark: { type: 'line' },
          encoding: {
            strokeDash: {
              field: 'series',
              type: 'nominal',
              scale: {
                domain: ['median', 'p95', 'budget'],
                range: [
                  [1, 0],
                  [1, 0],
                  [6, 4],
                ],
              },
            },
          },
        },
        { mark: { type: 'point', filled: true }, transform: [{ filter: "datum.series !== 'budget'" }] },
      ],
      encoding: {
        x: { field: 'members', type: 'quantitative', scale: { type: 'log' }, axis: { values: members, format: '~s', title: 'members' } },
        y: { field: 'ms', type: 'quantitative', title: 'ms', scale: { zero: true } },
        color: { field: 'series', type: 'nominal', scale: { domain: ['median', 'p95', 'budget'], range: ['#1f77b4', '#ff7f0e', '#d62728'] }, title: null },
      },
    },
  };
}

/**
 * Vega-Lite spec: bytes per member of each large table group against members, and the D1
 * database's pages in use measured at each size and projected to 1M and 10M members (bytes
 * per member at the largest size measured × members) against D1's 10 GB limit and its half.
 */
export function sizeSpec(sizes) {
  const labels = labelsByMembers(sizes);
  const drawn = chartGroups(sizes);
  const perGroup = [];
  for (const label of labels) {
    const { members, groups, totalBytes } = sizes[label];
    let drawnBytes = 0;
    for (const group of drawn) {
      const bytes = groups[group]?.bytes ?? 0;
      drawnBytes += bytes;
      perGroup.push({ members, group, bytesPerMember: Math.round(bytes / members) });
    }
    perGroup.push({ members, group: 'other tables', bytesPerMember: Math.round((totalBytes - drawnBytes) / members) });
  }
  const largest = sizes[labels.at(-1)];
  // Pages in use, not the file: a file keeps the pages of dropped tables free until VACUUM.
  const perMember = largest.totalBytes / largest.members;
  const database = [
    ...labels.map((label) => ({ members: sizes[label].members, series: 'measured (pages in use)', gb: sizes[label].totalBytes / 1e9 })),
    ...[largest.members, ...PROJECTED_MEMBERS.filter((n) => n > largest.members)].map((members) => ({
      members,
      series: `projected (${int(perMember)} B/member)`,
      gb: (perMember * members) / 1e9,
    })),
  ];
  const limits = [
    { gb: D1_LIMIT_BYTES / 1e9, text: 'D1 limit, 10 GB' },
    { gb: D1_LIMIT_BYTES / 2e9, text: 'half the limit' },
  ];
  const membersAxis = (values) => ({ values, format: '~s', title: 'members' });
  return {
    $schema: SCHEMA,
    resolve: { scale: { color: 'independent', strokeDash: 'independent' } },
    vconcat: [
      {
        title: 'Database bytes per member, by table (with its indexes)',
        width: 520,
        height: 260,
        data: { values: perGroup },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'members', type: 'quantitative', scale: { type: 'log' }, axis: membersAxis(labels.map((label) => sizes[label].members)) },
          y: { field: 'bytesPerMember', type: 'quantitative', title: 'bytes per member' },
          color: { field: 'group', type: 'nominal', sort: [...drawn, 'other tables'], title: 'table' },
        },
      },
      {
        title: 'One D1 database: measured and projected size',
        width: 520,
        height: 220,
        layer: [
          {
            data: { values: database },
            mark: { type: 'line', point: true },
            encoding: {
              x: { field: 'members', type: 'quantitative', scale: { type: 'log' }, axis: membersAxis([...new Set([...database.map((row) => row.members)])]) },
              y: { field: 'gb', type: 'quantitative', scale: { type: 'log' }, axis: { values: powersOfTen(database.map((row) => row.gb)), format: '~g' }, title: 'GB' },
              color: { field: 'series', type: 'nominal', title: null, legend: { labelLimit: 320 } },
              strokeDash: { field: 'series', type: 'nominal' },
            },
          },
          { data: { values: limits }, mark: { type: 'rule', color: '#d62728', strokeDash: [4, 3] }, encoding: { y: { field: 'gb', type: 'quantitative' } } },
          {
            data: { values: limits },
            mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#d62728' },
            encoding: { y: { field: 'gb', type: 'quantitative' }, x: { value: 0 }, text: { field: 'text' } },
          },
        ],
      },
    ],
  };
}

/** Renders a Vega-Lite spec to an SVG string, headless (Vega's own SVG renderer; no canvas, no DOM). */
export async function renderSvg(spec) {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return `${svg}\n`;
}

/** Markdown: bytes per member and rows of each table group at every size side by side, then totals and Durable Objects. */
export function sizesTable(sizes) {
  const labels = labelsByMembers(sizes);
  const last = labels.at(-1);
  const largest = sizes[last];
  const shown = Object.keys(largest.groups).filter((group) => labels.some((label) => (sizes[label].groups[group]?.rows ?? 0) > 0));
  const hidden = Object.keys(largest.groups).filter((group) => !shown.includes(group));
  const lines = [
    `| Table (with its indexes) | ${labels.map((label) => `B/member ${label}`).join(' | ')} | of which indexes ${last} | ${labels.map((label) => `rows ${label}`).join(' | ')} |`,
    `| --- | ${labels.map(() => '---:').join(' | ')} | ---: | ${labels.map(() => '---:').join(' | ')} |`,
  ];
  const row = (name, perMember, indexes, rows) => `| ${name} | ${labels.map(perMember).join(' | ')} | ${indexes} | ${labels.map(rows).join(' | ')} |`;
  /** Bytes per member of a group's indexes at the largest size: all but the table's own b-tree (none for FTS5, whose parts are all shadow tables). */
  const indexesOf = (group) => {
    const entry = largest.groups[group];
    return entry.parts?.[group] == null ? '' : int((entry.bytes - entry.parts[group]) / largest.members);
  };
  for (const group of shown) {
    lines.push(
      row(
        group,
        (label) => int(sizes[label].groups[group]?.bytesPerMember ?? 0),
        indexesOf(group),
        (label) => (sizes[label].groups[group]?.rows == null ? '' : int(sizes[label].groups[group].rows)),
      ),
    );
  }
  if (hidden.length > 0) {
    const hiddenBytes = (label) => hidden.reduce((sum, group) => sum + (sizes[label].groups[group]?.bytes ?? 0), 0);
    lines.push(
      row(
        `empty tables and SQLite's own (${hidden.length})`,
        (label) => int(hiddenBytes(label) / sizes[label].members),
        '',
        () => '',
      ),
    );
  }
  lines.push(
    row(
      '**all tables**',
      (label) => `**${int(sizes[label].totalBytesPerMember)}**`,
      '',
      (label) => `${int(sizes[label].members)} members`,
    ),
  );
  lines.push(
    row(
      'D1 file (with free pages)',
      (label) => int(sizes[label].fileBytes / sizes[label].members),
      '',
      (label) => gb(sizes[label].fileBytes),
    ),
  );
  const objects = labels.flatMap((label) => Object.entries(sizes[label].durableObjects ?? {}).map(([name, stats]) => ({ label, name, ...stats })));
  if (objects.length > 0) {
    lines.push('', '| Size | Durable Object class | Objects | Median file | p95 file | Largest file |', '| --- | --- | ---: | ---: | ---: | ---: |');
    for (const o of objects) lines.push(`| ${o.label} | ${o.name} | ${int(o.objects)} | ${int(o.medianBytes)} B | ${int(o.p95Bytes)} B | ${int(o.maxBytes)} B |`);
  }
  return lines.join('\n');
}

/** Markdown: each request kind's median / p95 at every size side by side, with its budget; "over" marks a missed budget. */
export function requestsTable(requests) {
  const labels = labelsByMembers(requests);
  const kinds = [...new Set(labels.flatMap((label) => Object.keys(requestKindsOf(requests[label]))))];
  const lines = [
    `| Request | Budget | ${labels.map((label) => `${label} (${int(requests[label].members)}) median / p95`).join(' | ')} |`,
    `| --- | --- | ${labels.map(() => '---:').join(' | ')} |`,
  ];
  for (const kind of kinds) {
    const budget = labels.map((label) => requestKindsOf(requests[label])[kind]).find(Boolean);
    const cell = (label) => {
      const figures = requestKindsOf(requests[label])[kind];
      if (!figures) return '';
      const measured = figures.budgetStat === 'median' ? figures.medianMs : figures.p95Ms;
      const over = figures.budgetMs != null && measured > figures.budgetMs ? ' (over)' : '';
      return `${ms(figures.medianMs)} / ${ms(figures.p95Ms)} ms${over}`;
    };
    lines.push(`| ${kind} | ${budgetText(budget)} | ${labels.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * D1 rows read per request at each size (the development D1 meter's figure: exact whatever
 * the machine's load, and what D1 bills), with how many times the rows at the smallest size
 * the largest reads; a page (no meter through the service binding) has none.
 */
export function requestRowsTable(requests) {
  const labels = labelsByMembers(requests);
  const kinds = [...new Set(labels.flatMap((label) => Object.keys(requests[label].kinds ?? {})))];
  const rows = (label, kind) => requests[label].kinds?.[kind]?.rowsRead;
  const lines = [
    `| Request | ${labels.map((label) => `${label} rows read`).join(' | ')} | ${labels.at(-1)} ÷ ${labels[0]} |`,
    `| --- | ${labels.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const kind of kinds) {
    const measured = labels.map((label) => rows(label, kind));
    if (measured.every((value) => value == null)) continue;
    const [first, last] = [measured[0], measured.at(-1)];
    const growth = first > 0 && last != null ? `${(last / first).toFixed(1)}×` : '';
    lines.push(`| ${kind} | ${measured.map((value) => (value == null ? '' : int(value))).join(' | ')} | ${growth} |`);
  }
  return lines.join('\n');
}

/** Replaces what lies between `<!-- scale:NAME:start -->` and `<!-- scale:NAME:end -->` in `markdown`. */
export function replaceBetweenMarkers(markdown, name, content) {
  const start = `<!-- scale:${name}:start -->`;
  const end = `<!-- scale:${name}:end -->`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/scale.md has no ${start} … ${end} markers`);
  return `${markdown.slice(0, from + start.length)}\n${content}\n${markdown.slice(to)}`;
}
