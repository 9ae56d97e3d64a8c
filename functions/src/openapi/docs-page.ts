/**
 * The browsable API reference at /docs, rendered by the worker from the OpenAPI document:
 * no script and no CDN (the page must work offline), every text escaped.
 */
import { escapeHtml } from '../mail/templates';
import type { OpenApiDocument } from './document';

type Schema = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function anchor(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function typeLabel(schema: Schema): string {
  if (schema.$ref) return `<a href="#${anchor('schema', refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(' | ');
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map((variant: Schema) => typeLabel(variant)).join(' | ');
  if (schema.type === 'array') return `list of ${typeLabel(schema.items ?? {})}`;
  const types = [schema.type ?? 'any'].flat().join(' | ');
  return escapeHtml(schema.format ? `${types} (${schema.format})` : types);
}

/** Escaped text where `backticks` become code. */
function prose(text: string): string {
  return escapeHtml(text).replace(/&#96;(.+?)&#96;/g, '<code>$1</code>');
}

/**
 * A schema as HTML: object fields as a table, variants as a list. Top-level references are
 * opened in place (a body is read where it is used); deeper ones link to the Schemas section.
 */
function schemaHtml(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): string {
  if (!schema) return '<p class="muted">No body.</p>';
  if (schema.$ref && depth < 3 && components[refName(schema.$ref)]) {
    return `<p class="muted">${typeLabel(schema)}</p>${schemaHtml(components[refName(schema.$ref)], components, depth + 1)}`;
  }
  const description = schema.description ? `<p>${prose(schema.description)}</p>` : '';
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && depth < 4) {
    return `${description}<p>One of:</p><ul>${variants.map((variant: Schema) => `<li>${schemaHtml(variant, components, depth + 1)}</li>`).join('')}</ul>`;
  }
  if (schema.type !== 'object' || !schema.properties || depth > 3) return `${description}<p>${typeLabel(schema)}</p>`;
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries(schema.properties as Record<string, Schema>).map(([name, property]) => {
    const nested = property.type === 'object' && property.properties ? schemaHtml(property, components, depth + 1) : '';
    const notes = [property.description, property.example !== undefined ? `Example: ${JSON.stringify(property.example)}` : '']
      .filter(Boolean)
      .map((note) => prose(String(note)))
      .join('<br>');
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="muted">optional</span>'}</td><td>${typeLabel(property)}${nested}</td><td>${notes}</td></tr>`;
  });
  return `${description}<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function jsonSchemaOf(content: Record<string, { schema?: Schema }> | undefined): Schema | undefined {
  return content ? (content['application/json'] ?? Object.values(content)[0])?.schema : undefined;
}

function operationHtml(path: string, method: string, operation: Schema, components: Record<string, Schema>): string {
  const id = anchor('op', method, path);
  const parameters = (operation.parameters ?? []) as Schema[];
  const parametersHtml = parameters.length
    ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.required ? '' : ' <span class="muted">optional</span>'}</td><td>${escapeHtml(parameter.in)}</td><td>${typeLabel(parameter.schema ?? {})}</td><td>${prose(parameter.description ?? parameter.schema?.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = operation.requestBody ? `<h4>Request body</h4>${schemaHtml(jsonSchemaOf(operation.requestBody.content), components)}` : '';
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Schema>)
    .map(
      ([status, response]) =>
        `<details${status.startsWith('2') ? ' open' : ''}><summary><strong>${escapeHtml(status)}</strong> ${prose(response.description ?? '')}</summary>${schemaHtml(jsonSchemaOf(response.content), components)}</details>`,
    )
    .join('');
  const secured = operation.security?.length ? '<p class="badge">Requires <code>Authorization: Bearer &lt;jwt&gt;</code></p>' : '';
  return `<section class="operation" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(operation.summary ?? '')}</strong></p>
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}${secured}${parametersHtml}${body}<h4>Responses</h4>${responses}
</section>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#5b6470;--line:#d8dde3;--code:#f2f4f7;--accent:#2457d6}
@media (prefers-color-scheme:dark){:root{--bg:#111418;--fg:#e6e9ed;--muted:#9aa4b0;--line:#2c333b;--code:#1c2127;--accent:#7aa2ff}}
body{margin:0 auto;max-width:60rem;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}code{background:var(--code);padding:0 .25em;border-radius:4px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.operation{border-top:1px solid var(--line);padding-top:.5rem;margin-top:1.5rem}.muted{color:var(--muted);font-size:.9em}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .4em;color:#fff;font-size:.85em}
.get{background:#1f7a4d}.post{background:#2457d6}.put,.patch{background:#a05a00}.delete{background:#b3261e}
details{margin:.25rem 0}summary{cursor:pointer}.badge{font-size:.9em}`;

/** The whole reference page for a document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Schema)[method]).map((method) => ({ path, method, operation: (item as Schema)[method] as Schema })),
  );
  const index = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${anchor('op', method, path)}"><span class="method ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a> <span class="muted">${escapeHtml(operation.summary ?? '')}</span></li>`,
    )
    .join('');
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const schemas = Object.entries(components)
    .map(([name, schema]) => `<section id="${anchor('schema', name)}"><h3>${escapeHtml(name)}</h3>${schemaHtml(schema, components, 1)}</section>`)
    .join('');
  const description = (document.info.description ?? '')
    .split('\n\n')
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(document.info.title)} <span class="muted">${escapeHtml(document.info.version)}</span></h1>${description}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p></header>
<nav><h2>Routes</h2><ul>${index}</ul></nav>
<main><h2>Operations</h2>${operations.map(({ path, method, operation }) => operationHtml(path, method, operation, components)).join('\n')}
<h2>Schemas</h2>${schemas}</main></body></html>`;
}
